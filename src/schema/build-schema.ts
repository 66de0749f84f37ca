import { Code, errorAt, type Diagnostic, type SourcePos } from "../diagnostics/index.js";
import { MarkerSet, type Marker } from "../markers/index.js";
import { findType, flattenStruct, resolvedEmbeds, type ApiModel, type FieldModel, type TypeModel, type TypeRef } from "../model/index.js";
import type { JSONSchemaProps } from "../apiextensions/index.js";
import { API_VERSION_DESCRIPTION, builtinSchema, KIND_DESCRIPTION } from "./builtin-schemas.js";
import { schemaDescription } from "./description.js";
import { applyMarkers } from "./apply-markers.js";
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
 * Builds the structural schema of a kind (design.md §2's type table): every named type inlined
 * with its doc and type markers, field docs and markers on top, markers applied in
 * controller-gen's order, `metadata` as `{type: object}`, required lists sorted.
 */
export function buildKindSchema(model: ApiModel, kind: TypeModel): SchemaBuild {
  const b = new SchemaBuilder(model);
  const schema = b.namedSchema(kind, SCHEMA_ROOT, kind.pos);
  b.diagnostics.push(...checkRuleFieldPaths(schema, SCHEMA_ROOT, b.sources), ...checkMessageExpressions(schema, SCHEMA_ROOT, b.sources));
  return { schema, diagnostics: b.diagnostics, sources: b.sources };
}

/** A field of a struct with where its schema comes from (TypeMeta's fields carry fixed docs). */
interface StructField {
  readonly field: FieldModel;
  readonly fixedDoc?: string;
  /** The schema of a property an embedded apimachinery type contributes, used as is. */
  readonly prebuilt?: JSONSchemaProps;
}

class SchemaBuilder {
  readonly diagnostics: Diagnostic[] = [];
  readonly sources = new SourceMap();
  private readonly inProgress = new Set<string>();

  constructor(private readonly model: ApiModel) {}

  /** A named type's schema: its shape, its doc, its type markers. */
  namedSchema(t: TypeModel, path: string, usedAt: SourcePos): JSONSchemaProps {
    const key = `${t.pkg.group}/${t.pkg.version}.${t.name}`;
    if (this.inProgress.has(key)) {
      this.diagnostics.push(
        errorAt(
          usedAt,
          Code.recursiveType,
          `type ${t.name} contains itself; a CRD schema cannot be recursive`,
          "break the cycle, or mark the field +kubebuilder:validation:Schemaless with +kubebuilder:pruning:PreserveUnknownFields",
        ),
      );
      return { type: "object", "x-kubernetes-preserve-unknown-fields": true };
    }
    this.inProgress.add(key);
    this.sources.set(path, t.pos);
    const schema = t.shape.kind === "struct" ? this.structSchema(t, path) : this.refSchema(t.shape.target, path, t.pos);
    const description = schemaDescription(t.doc);
    if (description !== "") schema.description = description;
    this.apply(schema, t.markers.list(), "type", t.name, path);
    if (t.shape.kind === "struct") this.mergeEmbeddedTypeMarkers(schema, t, path);
    this.inProgress.delete(key);
    return schema;
  }

  /**
   * Type-level markers of embedded structs (an `extends`ed interface's XValidation, MinProperties,
   * one-of rules ...) hold for the embedder too: controller-gen writes an embed as an allOf entry and
   * flattens it into the struct, putting each embed's rules before the struct's own (flatten.go's
   * `AppendSlice(src, dst)`, so a later embed's rules precede an earlier one's) and filling in any
   * other keyword the struct does not set itself.
   */
  private mergeEmbeddedTypeMarkers(schema: JSONSchemaProps, t: TypeModel, path: string): void {
    for (const e of resolvedEmbeds(this.model, t)) {
      if (e.kind !== "struct") continue;
      const fragment = this.embeddedTypeLevel(e.type, schema, path, new Set([t]));
      mergeTypeLevel(schema, fragment, path, this.sources);
    }
  }

  /** An embedded struct's type markers (and those of its own embeds) applied to a scratch copy of the embedder's object. */
  private embeddedTypeLevel(e: TypeModel, embedder: JSONSchemaProps, path: string, seen: Set<TypeModel>): TypeLevel {
    const scratch = `${path}#${e.name}`;
    const schema: JSONSchemaProps = { type: "object", ...(embedder.properties ? { properties: embedder.properties } : {}) };
    if (seen.has(e)) return { schema: {}, scratch };
    seen.add(e);
    this.apply(schema, e.markers.list(), "type", e.name, scratch);
    for (const inner of resolvedEmbeds(this.model, e)) {
      if (inner.kind === "struct")
        mergeTypeLevel(schema, this.embeddedTypeLevel(inner.type, embedder, scratch, seen), scratch, this.sources);
    }
    delete schema.type;
    delete schema.properties;
    return { schema, scratch };
  }

  private structSchema(t: TypeModel, path: string): JSONSchemaProps {
    const properties: Record<string, JSONSchemaProps> = {};
    const required: string[] = [];
    for (const { field, fixedDoc, prebuilt } of this.structFields(t)) {
      const fpath = joinPath(path, `properties[${field.name}]`);
      const s = prebuilt ? structuredClone<JSONSchemaProps>(prebuilt) : this.fieldSchema(field, fpath, fixedDoc);
      Object.defineProperty(properties, field.name, { value: s, enumerable: true, writable: true, configurable: true });
      if (field.required) required.push(field.name);
    }
    this.checkOneOfRequired(t, required);
    const schema: JSONSchemaProps = { type: "object", properties };
    if (required.length > 0) schema.required = [...new Set(required)].sort();
    return schema;
  }

  private fieldSchema(f: FieldModel, path: string, fixedDoc: string | undefined): JSONSchemaProps {
    this.sources.set(path, f.pos);
    const s = this.refSchema(f.type, path, f.pos);
    const description = fixedDoc ?? schemaDescription(f.doc);
    if (description !== "") s.description = description;
    const typeRuleCount = s["x-kubernetes-validations"]?.length ?? 0;
    this.apply(s, f.markers.list(), "field", typeRefText(f.type), path);
    this.fieldRulesFirst(s, typeRuleCount, path);
    return s;
  }

  /**
   * controller-gen merges a field's schema over its named type's with the field's CEL rules first
   * (flatten.go appends the type's rules after the field's); keep that order and the positions.
   */
  private fieldRulesFirst(s: JSONSchemaProps, typeRuleCount: number, path: string): void {
    const rules = s["x-kubernetes-validations"];
    if (!rules || typeRuleCount === 0 || rules.length === typeRuleCount) return;
    const key = joinPath(path, "x-kubernetes-validations");
    const positions = rules.map((_, i) => this.sources.lookup(`${key}[${i}]`));
    const order = [...rules.keys()].slice(typeRuleCount).concat([...rules.keys()].slice(0, typeRuleCount));
    s["x-kubernetes-validations"] = order.map((i) => rules[i]!);
    order.forEach((from, to) => {
      const pos = positions[from];
      if (pos) this.sources.set(`${key}[${to}]`, pos);
    });
  }

  /**
   * Fields in declaration order, embedded types' fields first (Go's inline), later names replacing
   * earlier. Embedded apimachinery types contribute their schemas' properties (TypeMeta's with
   * controller-gen's fixed docs), and embeds reached through aliases are followed.
   */
  private structFields(t: TypeModel): StructField[] {
    const flat = flattenStruct(this.model, t);
    const out: StructField[] = [];
    const put = (sf: StructField) => {
      const i = out.findIndex((o) => o.field.name === sf.field.name);
      if (i >= 0) out.splice(i, 1);
      out.push(sf);
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
        for (const [name, doc] of [
          ["apiVersion", API_VERSION_DESCRIPTION],
          ["kind", KIND_DESCRIPTION],
        ] as const)
          put({ field: pseudo(name, false), fixedDoc: doc });
        continue;
      }
      const bs = builtinSchema(b);
      for (const [name, prop] of Object.entries(bs.properties ?? {}))
        put({ field: pseudo(name, (bs.required ?? []).includes(name)), prebuilt: prop });
    }
    for (const { field } of flat.fields) put({ field });
    return out;
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
        return { type: "array", items: this.refSchema(r.elem, joinPath(path, "items"), at) };
      case "map":
        if (r.value.kind === "unknown") return { type: "object", "x-kubernetes-preserve-unknown-fields": true };
        return { type: "object", additionalProperties: this.refSchema(r.value, joinPath(path, "additionalProperties"), at) };
      case "named": {
        const t = findType(this.model, r.pkg, r.name);
        // The model reports unresolved names; an empty object keeps the schema well-formed meanwhile.
        return t ? this.namedSchema(t, path, at) : { type: "object" };
      }
      case "builtin":
        return builtinSchema(r.name);
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
    for (const name of ["kubebuilder:validation:ExactlyOneOf", "kubebuilder:validation:AtMostOneOf"]) {
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

/** Type-level keywords of an embedded struct, built at a scratch path whose positions travel with them. */
interface TypeLevel {
  readonly schema: JSONSchemaProps;
  readonly scratch: string;
}

const docKeywords = new Set(["description", "title", "example", "externalDocs"]);

/** flattenAllOfInto for an embed's type-level keywords: its rules first, other keywords only where unset. */
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
