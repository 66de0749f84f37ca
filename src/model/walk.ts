import { MarkerSet } from "../markers/index.js";
import type { ApiModel, FieldModel, PackageId, PackageModel, TypeModel, TypeRef } from "./types.js";

/** Finds a named type of the model. */
export function findType(model: ApiModel, pkg: PackageId, name: string): TypeModel | undefined {
  return findPackage(model, pkg)?.types.find((t) => t.name === name);
}

/** Finds a package of the model by its group and version. */
export function findPackage(model: ApiModel, pkg: PackageId): PackageModel | undefined {
  return model.packages.find((p) => p.id.group === pkg.group && p.id.version === pkg.version);
}

/**
 * The fields of a struct with its embedded types' fields inlined first, as Go's `json:",inline"`
 * does; apimachinery embeds (TypeMeta) contribute apiVersion and kind.
 */
export function allFields(model: ApiModel, t: TypeModel): FieldModel[] {
  if (t.shape.kind !== "struct") return [];
  const out: FieldModel[] = [];
  for (const e of t.shape.embeds) {
    if (e.kind === "named") {
      const et = findType(model, e.pkg, e.name);
      if (et) out.push(...allFields(model, et));
    } else if (e.kind === "builtin" && e.name === "TypeMeta") {
      out.push(...typeMetaFields(t));
    }
  }
  for (const f of t.shape.fields) {
    const i = out.findIndex((o) => o.name === f.name);
    if (i >= 0) out.splice(i, 1);
    out.push(f);
  }
  return out;
}

function typeMetaFields(t: TypeModel): FieldModel[] {
  const str: TypeRef = { kind: "primitive", name: "string" };
  return ["apiVersion", "kind"].map((name) => ({ name, type: str, optional: true, required: false, doc: "", markers: new MarkerSet([]), pos: t.pos }));
}

/** Strips `| null` from a reference. */
export function unwrapNullable(r: TypeRef): TypeRef {
  return r.kind === "nullable" ? unwrapNullable(r.inner) : r;
}
