import { errorAt, type Diagnostic } from "../diagnostics/index.js";
import type { ApiModel, KindModel } from "./types.js";

/**
 * Semantic checks across the whole model, after every package is built: clashes the API server
 * would trip over (two kinds of one group with the same plural, a kind named like another
 * kind's list) and list types that do not list their kind.
 */
export function checkModel(model: ApiModel): Diagnostic[] {
  const diags: Diagnostic[] = [];
  const byGroup = new Map<string, KindModel[]>();
  for (const p of model.packages) {
    const list = byGroup.get(p.id.group) ?? [];
    list.push(...p.kinds);
    byGroup.set(p.id.group, list);
    for (const t of p.types) {
      if (!t.isList || t.shape.kind !== "struct") continue;
      const kindName = t.name.replace(/List$/, "");
      if (!p.kinds.some((k) => k.name === kindName)) {
        diags.push(errorAt(t.pos, "KCG1307", `list type ${t.name} has no kind ${kindName} in ${p.id.group}/${p.id.version}`, `name list types <Kind>List, next to their kind`));
      }
    }
  }
  for (const [group, kinds] of byGroup) {
    const plurals = new Map<string, KindModel>();
    const singulars = new Map<string, KindModel>();
    for (const k of kinds) {
      const other = plurals.get(k.plural);
      if (other && other.name !== k.name) {
        diags.push(
          errorAt(k.pos, "KCG1308", `kinds ${other.name} and ${k.name} of group ${group} have the same plural "${k.plural}"`, "set a distinct plural with +kubebuilder:resource:path=<plural>"),
        );
      } else plurals.set(k.plural, k);
      const sOther = singulars.get(k.singular);
      if (sOther && sOther.name !== k.name) {
        diags.push(errorAt(k.pos, "KCG1309", `kinds ${sOther.name} and ${k.name} of group ${group} have the same singular "${k.singular}"`, "set +kubebuilder:resource:singular=<name>"));
      } else singulars.set(k.singular, k);
    }
    const names = new Set(kinds.map((k) => k.name));
    for (const k of kinds) {
      if (names.has(k.listName)) diags.push(errorAt(k.pos, "KCG1310", `kind ${k.listName} clashes with the list type of kind ${k.name}`, "rename one of the kinds"));
    }
  }
  return diags;
}
