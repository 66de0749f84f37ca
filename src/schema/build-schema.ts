import { errorAt, type Diagnostic, type SourcePos } from "../diagnostics/index.js";
import { MarkerSet, type Marker } from "../markers/index.js";
import { findType, flattenStruct, type ApiModel, type FieldModel, type TypeModel, type TypeRef } from "../model/index.js";
import type { JSONSchemaProps } from "../validation/index.js";
import { API_VERSION_DESCRIPTION, builtinSchema, KIND_DESCRIPTION } from "./builtin-schemas.js";
import { CrdCode } from "./codes.js";
import { schemaDescription } from "./description.js";
import { applyMarkers } from "./apply-markers.js";
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
        errorAt(usedAt, CrdCode.recursiveType, `type ${t.name} contains itself; a CRD schema cannot be recursive`, "break the cycle, or mark the field +kubebuilder:validation:Schemaless with +kubebuilder:pruning:PreserveUnknownFields"),
      );
      return { type: "object", "x-kubernetes-preserve-unknown-fields": true };
    }
    this.inProgress.add(key);
    this.sources.set(path, t.pos);
    const schema = t.shape.kind === "struct" ? this.structSchema(t, path) : this.refSchema(t.shape.target, path, t.pos);
    const description = schemaDescription(t.doc);
    if (description !== "") schema.description = description;
    this.apply(schema, t.markers.list(), "type", t.name, path);
    this.inProgress.delete(key);
    return schema;
  }

  private structSchema(t: TypeModel, path: string): JSONSchemaProps {
    const properties: Record<string, JSONSchemaProps> = {};
    const required: string[] = [];
    for (const { field, fixedDoc, prebuilt } of this.structFields(t)) {
      const fpath = joinPath(path, `properties[${field.name}]`);
      const s = prebuilt ? (structuredClone(prebuilt) as JSONSchemaProps) : this.fieldSchema(field, fpath, fixedDoc);
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
    const pseudo = (name: string, required: boolean): FieldModel => ({ name, type: { kind: "primitive", name: "string" }, optional: !required, required, doc: "", markers: noMarkers, pos: t.pos });
    for (const b of flat.builtins) {
      if (b === "TypeMeta") {
        for (const [name, doc] of [["apiVersion", API_VERSION_DESCRIPTION], ["kind", KIND_DESCRIPTION]] as const) put({ field: pseudo(name, false), fixedDoc: doc });
        continue;
      }
      const bs = builtinSchema(b);
      for (const [name, prop] of Object.entries(bs.properties ?? {})) put({ field: pseudo(name, (bs.required ?? []).includes(name)), prebuilt: prop });
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
            errorAt(field?.pos ?? m.pos, CrdCode.oneOfRequired, `field ${f} is named by +${name} and cannot be required`, `declare it optional (\`${f}?:\`) so that objects may leave it out`),
          );
        }
      }
    }
  }
}

const noMarkers = new MarkerSet([]);
