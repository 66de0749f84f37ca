// Decodes a v1 CustomResourceDefinition (plain JSON) into the server's internal shape:
// unknown keys dropped, v1 defaults applied (singular, listKind, conversion strategy), and
// per-version schemas / subresources / printer columns lifted to the top level when every
// version carries the same value — which is why the server's paths read
// `spec.validation.openAPIV3Schema...` for single-version CRDs. Values of the wrong JSON type
// become problems here (the server answers those with a 400 decode error instead).
import { FieldPath } from "./field-path.js";
import { typeInvalid, type CrdProblem } from "./problem.js";
import { canonicalJson } from "./schema-access.js";
import type {
  InternalColumn,
  InternalConversion,
  InternalCrd,
  InternalSchema,
  InternalSubresources,
  InternalValidationRule,
  InternalVersion,
  InternalWebhookClientConfig,
  ScaleSubresource,
} from "../types/index.js";

type Obj = Record<string, unknown>;

class Decoder {
  readonly problems: CrdProblem[] = [];

  private bad(path: FieldPath, v: unknown, want: string): undefined {
    this.problems.push(typeInvalid(path, v, `must be of type ${want}`));
    return undefined;
  }

  obj(v: unknown, path: FieldPath): Obj | undefined {
    if (v === undefined || v === null) return undefined;
    if (typeof v === "object" && !Array.isArray(v)) return v as Obj;
    return this.bad(path, v, "object");
  }

  str(o: Obj | undefined, k: string, path: FieldPath): string | undefined {
    const v = o?.[k];
    if (v === undefined || v === null) return undefined;
    return typeof v === "string" ? v : this.bad(path.child(k), v, "string");
  }

  bool(o: Obj | undefined, k: string, path: FieldPath): boolean | undefined {
    const v = o?.[k];
    if (v === undefined || v === null) return undefined;
    return typeof v === "boolean" ? v : this.bad(path.child(k), v, "boolean");
  }

  num(o: Obj | undefined, k: string, path: FieldPath, integer = false): number | undefined {
    const v = o?.[k];
    if (v === undefined || v === null) return undefined;
    if (typeof v === "number" && (!integer || Number.isInteger(v))) return v;
    return this.bad(path.child(k), v, integer ? "integer" : "number");
  }

  strList(o: Obj | undefined, k: string, path: FieldPath): string[] | undefined {
    const v = o?.[k];
    if (v === undefined || v === null) return undefined;
    if (!Array.isArray(v)) return this.bad(path.child(k), v, "array");
    const out: string[] = [];
    v.forEach((x, i) => {
      if (typeof x === "string") out.push(x);
      else this.bad(path.child(k).index(i), x, "string");
    });
    return out;
  }

  strMap(o: Obj | undefined, k: string, path: FieldPath): Record<string, string> {
    const m = this.obj(o?.[k], path.child(k));
    const out: Record<string, string> = {};
    if (m === undefined) return out;
    for (const [key, val] of Object.entries(m)) {
      if (typeof val === "string") out[key] = val;
      else this.bad(path.child(k).key(key), val, "string");
    }
    return out;
  }

  schema(v: unknown, path: FieldPath): InternalSchema | undefined {
    const o = this.obj(v, path);
    if (o === undefined) return undefined;
    const s: InternalSchema = {};
    for (const k of ["id", "$schema", "$ref", "description", "type", "format", "title", "pattern"] as const) {
      const x = this.str(o, k, path);
      if (x !== undefined) s[k] = x;
    }
    for (const k of ["maximum", "minimum", "multipleOf"] as const) {
      const x = this.num(o, k, path);
      if (x !== undefined) s[k] = x;
    }
    for (const k of ["maxLength", "minLength", "maxItems", "minItems", "maxProperties", "minProperties"] as const) {
      const x = this.num(o, k, path, true);
      if (x !== undefined) s[k] = x;
    }
    for (const k of [
      "exclusiveMaximum",
      "exclusiveMinimum",
      "uniqueItems",
      "nullable",
      "x-kubernetes-preserve-unknown-fields",
      "x-kubernetes-embedded-resource",
      "x-kubernetes-int-or-string",
    ] as const) {
      const x = this.bool(o, k, path);
      if (x !== undefined) s[k] = x;
    }
    for (const k of ["x-kubernetes-list-type", "x-kubernetes-map-type"] as const) {
      const x = this.str(o, k, path);
      if (x !== undefined) s[k] = x;
    }
    const req = this.strList(o, "required", path);
    if (req !== undefined) s.required = req;
    const keys = this.strList(o, "x-kubernetes-list-map-keys", path);
    if (keys !== undefined) s["x-kubernetes-list-map-keys"] = keys;
    if (o.default !== undefined && o.default !== null) s.default = o.default;
    if (o.example !== undefined) s.example = o.example;
    if (o.externalDocs !== undefined) s.externalDocs = o.externalDocs;
    if (o.enum !== undefined && o.enum !== null) {
      if (Array.isArray(o.enum)) s.enum = o.enum;
      else this.bad(path.child("enum"), o.enum, "array");
    }
    this.schemaChildren(o, s, path);
    const rules = this.rules(o["x-kubernetes-validations"], path.child("x-kubernetes-validations"));
    if (rules !== undefined) s["x-kubernetes-validations"] = rules;
    return s;
  }

  private schemaChildren(o: Obj, s: InternalSchema, path: FieldPath): void {
    if (Array.isArray(o.items)) s.items = this.schemaList(o.items, path.child("items"));
    else {
      const it = this.schema(o.items, path.child("items"));
      if (it !== undefined) s.items = it;
    }
    for (const k of ["allOf", "oneOf", "anyOf"] as const) {
      const v = o[k];
      if (v === undefined || v === null) continue;
      if (Array.isArray(v)) s[k] = this.schemaList(v, path.child(k));
      else this.bad(path.child(k), v, "array");
    }
    const not = this.schema(o.not, path.child("not"));
    if (not !== undefined) s.not = not;
    for (const k of ["properties", "patternProperties", "definitions"] as const) {
      const m = this.schemaMap(o[k], path.child(k));
      if (m !== undefined) s[k] = m;
    }
    for (const k of ["additionalProperties", "additionalItems"] as const) {
      const v = o[k];
      if (typeof v === "boolean") s[k] = v;
      else {
        const sub = this.schema(v, path.child(k));
        if (sub !== undefined) s[k] = sub;
      }
    }
    const deps = this.obj(o.dependencies, path.child("dependencies"));
    if (deps !== undefined) {
      const out: Record<string, InternalSchema | string[]> = {};
      for (const [k, v] of Object.entries(deps)) {
        if (Array.isArray(v)) out[k] = v.filter((x): x is string => typeof x === "string");
        else {
          const sub = this.schema(v, path.child("dependencies").key(k));
          if (sub !== undefined) out[k] = sub;
        }
      }
      s.dependencies = out;
    }
  }

  private schemaList(v: unknown[], path: FieldPath): InternalSchema[] {
    return v.map((x, i) => this.schema(x, path.index(i)) ?? {});
  }

  private schemaMap(v: unknown, path: FieldPath): Record<string, InternalSchema> | undefined {
    const m = this.obj(v, path);
    if (m === undefined) return undefined;
    const out: Record<string, InternalSchema> = {};
    for (const [k, x] of Object.entries(m)) out[k] = this.schema(x, path.key(k)) ?? {};
    return out;
  }

  private rules(v: unknown, path: FieldPath): InternalValidationRule[] | undefined {
    if (v === undefined || v === null) return undefined;
    if (!Array.isArray(v)) return this.bad(path, v, "array");
    return v.map((r, i) => {
      const o = this.obj(r, path.index(i));
      const rule: InternalValidationRule = {
        rule: this.str(o, "rule", path.index(i)) ?? "",
        message: this.str(o, "message", path.index(i)) ?? "",
      };
      const raw = (r ?? {}) as Record<string, unknown>;
      const later: NonNullable<InternalValidationRule["later"]> = {};
      if (typeof raw["messageExpression"] === "string") later.messageExpression = raw["messageExpression"];
      if (typeof raw["reason"] === "string") later.reason = raw["reason"];
      if (typeof raw["fieldPath"] === "string") later.fieldPath = raw["fieldPath"];
      if (typeof raw["optionalOldSelf"] === "boolean") later.optionalOldSelf = raw["optionalOldSelf"];
      if (Object.keys(later).length > 0) rule.later = later;
      return rule;
    });
  }

  selectableFields(v: unknown, path: FieldPath): string[] {
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) return this.bad(path, v, "array") ?? [];
    return v.map((f, i) => this.str(this.obj(f, path.index(i)), "jsonPath", path.index(i)) ?? "");
  }

  columns(v: unknown, path: FieldPath): InternalColumn[] {
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) return this.bad(path, v, "array") ?? [];
    return v.map((c, i) => {
      const p = path.index(i);
      const o = this.obj(c, p);
      return {
        name: this.str(o, "name", p) ?? "",
        type: this.str(o, "type", p) ?? "",
        format: this.str(o, "format", p) ?? "",
        description: this.str(o, "description", p) ?? "",
        priority: this.num(o, "priority", p, true) ?? 0,
        JSONPath: this.str(o, "jsonPath", p) ?? "",
      };
    });
  }

  subresources(v: unknown, path: FieldPath): InternalSubresources | undefined {
    const o = this.obj(v, path);
    if (o === undefined) return undefined;
    const out: InternalSubresources = {};
    const status = this.obj(o.status, path.child("status"));
    if (status !== undefined) out.status = status;
    const sc = this.obj(o.scale, path.child("scale"));
    if (sc !== undefined) {
      const p = path.child("scale");
      // Read in this order so type problems come out in the server's field order.
      const specReplicasPath = this.str(sc, "specReplicasPath", p) ?? "";
      const statusReplicasPath = this.str(sc, "statusReplicasPath", p) ?? "";
      const sel = this.str(sc, "labelSelectorPath", p);
      const scale: ScaleSubresource = { specReplicasPath, statusReplicasPath, ...(sel !== undefined ? { labelSelectorPath: sel } : {}) };
      out.scale = scale;
    }
    return out;
  }

  version(v: unknown, path: FieldPath): InternalVersion {
    const o = this.obj(v, path);
    const out: InternalVersion = {
      name: this.str(o, "name", path) ?? "",
      served: this.bool(o, "served", path) ?? false,
      storage: this.bool(o, "storage", path) ?? false,
      deprecated: this.bool(o, "deprecated", path) ?? false,
      additionalPrinterColumns: this.columns(o?.additionalPrinterColumns, path.child("additionalPrinterColumns")),
      selectableFields: this.selectableFields(o?.selectableFields, path.child("selectableFields")),
    };
    const warning = this.str(o, "deprecationWarning", path);
    if (warning !== undefined) out.deprecationWarning = warning;
    const sch = this.obj(o?.schema, path.child("schema"));
    if (sch !== undefined) {
      const s = this.schema(sch.openAPIV3Schema, path.child("schema", "openAPIV3Schema"));
      out.schema = s === undefined ? {} : { openAPIV3Schema: s };
    }
    const sub = this.subresources(o?.subresources, path.child("subresources"));
    if (sub !== undefined) out.subresources = sub;
    return out;
  }

  conversion(v: unknown, path: FieldPath): InternalConversion {
    const o = this.obj(v, path);
    const out: InternalConversion = { strategy: this.str(o, "strategy", path) ?? "None" };
    const wh = this.obj(o?.webhook, path.child("webhook"));
    if (wh !== undefined) {
      const rv = this.strList(wh, "conversionReviewVersions", path.child("webhook"));
      if (rv !== undefined) out.conversionReviewVersions = rv;
      const cc = this.obj(wh.clientConfig, path.child("webhook", "clientConfig"));
      if (cc !== undefined) out.webhookClientConfig = this.clientConfig(cc, path.child("webhook", "clientConfig"));
    }
    return out;
  }

  private clientConfig(cc: Obj, path: FieldPath): InternalWebhookClientConfig {
    const out: InternalWebhookClientConfig = {};
    const url = this.str(cc, "url", path);
    if (url !== undefined) out.url = url;
    const svc = this.obj(cc.service, path.child("service"));
    if (svc !== undefined) {
      const p = path.child("service");
      const service: NonNullable<InternalWebhookClientConfig["service"]> = {
        namespace: this.str(svc, "namespace", p) ?? "",
        name: this.str(svc, "name", p) ?? "",
        port: this.num(svc, "port", p, true) ?? 443,
      };
      const sp = this.str(svc, "path", p);
      if (sp !== undefined) service.path = sp;
      out.service = service;
    }
    return out;
  }
}

/** Whether every version carries the same value (nil included), as the v1→internal conversion tests. */
function allSame(versions: InternalVersion[], pick: (v: InternalVersion) => unknown): boolean {
  // One version is the same as itself: most CRDs have one, and the canonical text of a whole schema
  // is the costly part (twice per CRD, before, for nothing).
  if (versions.length <= 1) return true;
  const first = canonicalJson(pick(versions[0]!) ?? null);
  return versions.slice(1).every((v) => canonicalJson(pick(v) ?? null) === first);
}

/** Decodes `crd` (a v1 CustomResourceDefinition as JSON) into the internal shape. */
export function decodeCrd(crd: unknown): { crd: InternalCrd; problems: CrdProblem[] } {
  const d = new Decoder();
  const root = d.obj(crd, FieldPath.root("")) ?? {};
  const mp = FieldPath.root("metadata");
  const meta = d.obj(root.metadata, mp);
  const sp = FieldPath.root("spec");
  const spec = d.obj(root.spec, sp);
  const np = sp.child("names");
  const names = d.obj(spec?.names, np);
  const kind = d.str(names, "kind", np) ?? "";
  const versions = Array.isArray(spec?.versions)
    ? (spec.versions as unknown[]).map((v, i) => d.version(v, sp.child("versions").index(i)))
    : [];
  const out: InternalCrd = {
    name: d.str(meta, "name", mp) ?? "",
    generateName: d.str(meta, "generateName", mp) ?? "",
    namespace: d.str(meta, "namespace", mp) ?? "",
    labels: d.strMap(meta, "labels", mp),
    annotations: d.strMap(meta, "annotations", mp),
    group: d.str(spec, "group", sp) ?? "",
    scope: d.str(spec, "scope", sp) ?? "",
    names: {
      plural: d.str(names, "plural", np) ?? "",
      singular: d.str(names, "singular", np) ?? kind.toLowerCase(),
      kind,
      listKind: d.str(names, "listKind", np) ?? (kind === "" ? "" : `${kind}List`),
      shortNames: d.strList(names, "shortNames", np) ?? [],
      categories: d.strList(names, "categories", np) ?? [],
    },
    version: versions[0]?.name ?? "",
    versions,
    additionalPrinterColumns: [],
    selectableFields: [],
    conversion: d.conversion(spec?.conversion, sp.child("conversion")),
    preserveUnknownFields: d.bool(spec, "preserveUnknownFields", sp) ?? false,
    storedVersions: versions
      .filter((v) => v.storage)
      .slice(0, 1)
      .map((v) => v.name),
  };
  if (spec !== undefined && spec.versions !== undefined && !Array.isArray(spec.versions)) {
    d.problems.push(typeInvalid(sp.child("versions"), spec.versions, "must be of type array"));
  }
  liftShared(out);
  return { crd: out, problems: d.problems };
}

/** Moves identical per-version schemas, subresources, columns and selectable fields to the top level. */
function liftShared(crd: InternalCrd): void {
  const vs = crd.versions;
  if (vs.length === 0) return;
  if (allSame(vs, (v) => v.schema)) {
    const s = vs[0]!.schema;
    if (s !== undefined) crd.validation = s;
    for (const v of vs) delete v.schema;
  }
  if (allSame(vs, (v) => v.subresources)) {
    const s = vs[0]!.subresources;
    if (s !== undefined) crd.subresources = s;
    for (const v of vs) delete v.subresources;
  }
  if (allSame(vs, (v) => v.additionalPrinterColumns)) {
    crd.additionalPrinterColumns = vs[0]!.additionalPrinterColumns;
    for (const v of vs) v.additionalPrinterColumns = [];
  }
  if (allSame(vs, (v) => v.selectableFields)) {
    crd.selectableFields = vs[0]!.selectableFields;
    for (const v of vs) v.selectableFields = [];
  }
}
