import { Code, errorAt, type Diagnostic } from "../diagnostics/index.js";
import { classify, kindOf } from "./kinds.js";
import type { ApiModel, FieldModel, KindModel, PackageModel, TypeModel } from "./types.js";
import { flattenStruct, resolvedEmbeds } from "./walk.js";

/** The only fields classification looks at; flattening just these keeps long `extends` chains linear. */
const classifiedField = (f: FieldModel): boolean => f.name === "metadata" || f.name === "items";

/**
 * The second pass of the model: decides kinds and lists once every package is built, because a
 * kind may get TypeMeta or metadata from a base type in another file or package, and a struct
 * that others embed is a base, not a kind.
 */
export function classifyModel(model: ApiModel, diags: Diagnostic[]): ApiModel {
  const embedded = new Set<TypeModel>();
  for (const p of model.packages)
    for (const t of p.types) for (const e of resolvedEmbeds(model, t)) if (e.kind === "struct") embedded.add(e.type);
  const packages = model.packages.map((p): PackageModel => {
    const types = p.types.map((t): TypeModel => {
      if (t.shape.kind !== "struct") return t;
      const flat = flattenStruct(model, t, undefined, classifiedField);
      const c = classify(
        { type: t, hasTypeMeta: flat.builtins.includes("TypeMeta"), fields: flat.fields.map((f) => f.field), embedded: embedded.has(t) },
        diags,
      );
      return { ...t, ...c };
    });
    return { ...p, types, kinds: kindsOf(p, types, diags) };
  });
  return { ...model, packages };
}

function kindsOf(p: PackageModel, types: readonly TypeModel[], diags: Diagnostic[]): KindModel[] {
  const kinds: KindModel[] = [];
  for (const t of types) {
    if (!t.isKind) continue;
    const listType = types.find((x) => x.name === `${t.name}List`);
    if (listType && !listType.isList) {
      diags.push(
        errorAt(
          listType.pos,
          Code.badListType,
          `${listType.name} is named as the list of kind ${t.name} but is not a list type`,
          `declare it as \`interface ${listType.name} extends TypeMeta { metadata?: ListMeta; items: ${t.name}[] }\``,
        ),
      );
    }
    const hasStatus = t.shape.kind === "struct" && t.shape.fields.some((f) => f.name === "status");
    kinds.push(kindOf(t, p.id, listType !== undefined, hasStatus));
  }
  return kinds;
}
