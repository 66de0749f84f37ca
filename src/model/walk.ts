import type { ApiModel, BuiltinName, FieldModel, PackageId, PackageModel, TypeModel, TypeRef } from "./types.js";

/** Finds a named type of the model. */
export function findType(model: ApiModel, pkg: PackageId, name: string): TypeModel | undefined {
  return findPackage(model, pkg)?.types.find((t) => t.name === name);
}

/** Finds a package of the model by its group and version. */
export function findPackage(model: ApiModel, pkg: PackageId): PackageModel | undefined {
  return model.packages.find((p) => p.id.group === pkg.group && p.id.version === pkg.version);
}

/** What a struct embeds (`extends`), aliases followed to the struct or apimachinery type they name. */
export type ResolvedEmbed =
  { readonly kind: "struct"; readonly type: TypeModel } | { readonly kind: "builtin"; readonly name: BuiltinName };

/** Follows a reference through aliases (`type A = B`) to what it finally names; cycle-safe. */
export function followAliases(model: ApiModel, r: TypeRef, seen = new Set<TypeModel>()): TypeRef {
  if (r.kind !== "named") return r;
  const t = findType(model, r.pkg, r.name);
  if (!t || t.shape.kind !== "alias" || seen.has(t)) return r;
  seen.add(t);
  const target = t.shape.target;
  return target.kind === "named" ? followAliases(model, target, seen) : r;
}

/** The embeds of a struct, each resolved through aliases; embeds that name no struct are left out (the model reports them). */
export function resolvedEmbeds(model: ApiModel, t: TypeModel): ResolvedEmbed[] {
  if (t.shape.kind !== "struct") return [];
  const out: ResolvedEmbed[] = [];
  for (const e of t.shape.embeds) {
    const r = followAliases(model, e);
    if (r.kind === "builtin") out.push({ kind: "builtin", name: r.name });
    else if (r.kind === "named") {
      const et = findType(model, r.pkg, r.name);
      if (et && et.shape.kind === "struct") out.push({ kind: "struct", type: et });
    }
  }
  return out;
}

/** A field and the type that declares it (an embedded type's fields are inlined into the embedder). */
export interface OwnedField {
  readonly field: FieldModel;
  readonly owner: TypeModel;
}

/** A struct flattened the way Go's `json:",inline"` flattens embedded structs. */
export interface FlatStruct {
  /** Own fields and inlined fields, embedded ones first, later names replacing earlier ones. */
  readonly fields: OwnedField[];
  /** apimachinery types embedded anywhere in the chain (TypeMeta, Condition, ...), in order. */
  readonly builtins: BuiltinName[];
  /** Embedded structs not inlined because `stopAt` said so (e.g. types with hand-written copies). */
  readonly opaque: TypeModel[];
}

/**
 * Flattens a struct: embedded structs' fields are inlined (recursively, cycle-safe), embedded
 * apimachinery types are listed for the caller to expand its own way (schema properties, runtime
 * copies), and embeds for which `stopAt` returns true are listed whole.
 */
export function flattenStruct(
  model: ApiModel,
  t: TypeModel,
  stopAt: (t: TypeModel) => boolean = () => false,
  seen = new Set<TypeModel>(),
): FlatStruct {
  const flat: FlatStruct = { fields: [], builtins: [], opaque: [] };
  if (t.shape.kind !== "struct" || seen.has(t)) return flat;
  seen.add(t);
  const put = (of: OwnedField) => {
    const i = flat.fields.findIndex((o) => o.field.name === of.field.name);
    if (i >= 0) flat.fields.splice(i, 1);
    flat.fields.push(of);
  };
  for (const e of resolvedEmbeds(model, t)) {
    if (e.kind === "builtin") {
      if (!flat.builtins.includes(e.name)) flat.builtins.push(e.name);
    } else if (stopAt(e.type)) {
      flat.opaque.push(e.type);
    } else {
      const inner = flattenStruct(model, e.type, stopAt, seen);
      inner.fields.forEach(put);
      for (const b of inner.builtins) if (!flat.builtins.includes(b)) flat.builtins.push(b);
      flat.opaque.push(...inner.opaque);
    }
  }
  for (const f of t.shape.fields) put({ field: f, owner: t });
  seen.delete(t);
  return flat;
}
