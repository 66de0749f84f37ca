import { Code, errorAt, type Diagnostic } from "../diagnostics/index.js";
import type { ApiModel, KindModel, PackageModel, TypeModel } from "./types.js";
import { asList, readonlyVerbs } from "./kinds.js";
import { findType } from "./walk.js";

const dns1035Label = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;

/**
 * Names end up in URLs, in generated TypeScript and in YAML, so they are checked here, before any
 * generator sees them: resource names, short names and categories are DNS labels, as the API
 * server requires of a CRD. (The group's syntax is checked at its +groupName marker, the only
 * place a group comes from.)
 */
function checkNames(p: PackageModel): Diagnostic[] {
  const diags: Diagnostic[] = [];
  const at = { file: p.docFile || p.dir, line: 1, col: 1 };
  if (!/^[a-z0-9]+$/.test(p.id.version)) {
    diags.push(
      errorAt(
        p.markers.get("versionName")?.pos ?? at,
        Code.badVersionName,
        `version "${p.id.version}" must be lowercase letters and digits`,
        "name the version like v1, v1beta1 or v2alpha3: it is part of every URL and of generated identifiers",
      ),
    );
  }
  for (const k of p.kinds) {
    const pos = k.pos;
    for (const [what, names] of [
      ["plural", [k.plural]],
      ["singular", [k.singular]],
      ["short name", k.shortNames],
      ["category", k.categories],
    ] as const) {
      for (const n of names) {
        if (n.length > 63 || !dns1035Label.test(n)) {
          diags.push(
            errorAt(
              pos,
              Code.badResourceName,
              `${k.name}: ${what} "${n}" is not a lowercase DNS label`,
              "use lowercase letters, digits and '-', starting with a letter (see +kubebuilder:resource)",
            ),
          );
        }
      }
    }
  }
  return diags;
}

/**
 * A kind has one scope. client-gen's `+genclient:nonNamespaced` and kubebuilder's
 * `scope=Namespaced` saying opposite things would give a cluster-scoped client for a namespaced
 * CRD (or the reverse) depending on which generator reads which marker, so it is an error.
 */
function checkScopes(p: PackageModel): Diagnostic[] {
  const diags: Diagnostic[] = [];
  for (const k of p.kinds) {
    const t = p.types.find((x) => x.name === k.name);
    const res = t?.markers.get("kubebuilder:resource");
    const scope = (res?.value as Record<string, unknown> | undefined)?.["scope"];
    const nonNamespaced = t?.markers.get("genclient:nonNamespaced");
    if (res && nonNamespaced && scope === "Namespaced") {
      diags.push(
        errorAt(
          res.pos,
          Code.conflictingScope,
          `${k.name} is +genclient:nonNamespaced (line ${nonNamespaced.pos.line}) but +kubebuilder:resource says scope=Namespaced`,
          "a kind has one scope: for a cluster-scoped kind write scope=Cluster, for a namespaced one remove +genclient:nonNamespaced",
        ),
      );
    }
  }
  return diags;
}

/**
 * client-gen refuses a verb that `+genclient:onlyVerbs` (or `:readonly`, which adds get, list and
 * watch to it) keeps and `+genclient:skipVerbs` drops: which one wins would be a guess.
 */
function checkClientVerbs(p: PackageModel): Diagnostic[] {
  const diags: Diagnostic[] = [];
  for (const t of p.types) {
    const skip = t.markers.get("genclient:skipVerbs");
    if (!t.markers.has("genclient") || !skip) continue;
    const only = t.markers.get("genclient:onlyVerbs");
    const kept = [...(t.markers.has("genclient:readonly") ? readonlyVerbs : []), ...(only ? asList(only.value) : [])];
    const both = asList(skip.value).filter((v) => kept.includes(v));
    if (both.length === 0) continue;
    diags.push(
      errorAt(
        skip.pos,
        Code.conflictingVerbs,
        `${t.name}: ${both.join(", ")} ${both.length === 1 ? "is" : "are"} kept by ${only ? `+genclient:onlyVerbs (line ${only.pos.line})` : "+genclient:readonly"} and dropped by +genclient:skipVerbs`,
        "name each verb once: list the verbs to keep with onlyVerbs, or the verbs to drop with skipVerbs",
      ),
    );
  }
  return diags;
}

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
      // A kind whose metadata was refused is not classified as a kind; that error is the one to fix.
      const halfBuilt = p.types.some((k) => k.name === kindName && k.shape.kind === "struct" && k.shape.incomplete);
      if (!halfBuilt && !p.kinds.some((k) => k.name === kindName)) {
        diags.push(
          errorAt(
            t.pos,
            Code.listWithoutKind,
            `list type ${t.name} has no kind ${kindName} in ${p.id.group}/${p.id.version}`,
            `name list types <Kind>List, next to their kind`,
          ),
        );
      }
    }
  }
  for (const p of model.packages) diags.push(...checkNames(p), ...checkScopes(p), ...checkClientVerbs(p));
  diags.push(...checkCycles(model));
  for (const [group, kinds] of byGroup) {
    const plurals = new Map<string, KindModel>();
    const singulars = new Map<string, KindModel>();
    for (const k of kinds) {
      const other = plurals.get(k.plural);
      if (other && other.name !== k.name) {
        diags.push(
          errorAt(
            k.pos,
            Code.pluralClash,
            `kinds ${other.name} and ${k.name} of group ${group} have the same plural "${k.plural}"`,
            "set a distinct plural with +kubebuilder:resource:path=<plural>",
          ),
        );
      } else plurals.set(k.plural, k);
      const sOther = singulars.get(k.singular);
      if (sOther && sOther.name !== k.name) {
        diags.push(
          errorAt(
            k.pos,
            Code.singularClash,
            `kinds ${sOther.name} and ${k.name} of group ${group} have the same singular "${k.singular}"`,
            "set +kubebuilder:resource:singular=<name>",
          ),
        );
      } else singulars.set(k.singular, k);
    }
    const names = new Set(kinds.map((k) => k.name));
    for (const k of kinds) {
      if (names.has(k.listName))
        diags.push(
          errorAt(k.pos, Code.listNameClash, `kind ${k.listName} clashes with the list type of kind ${k.name}`, "rename one of the kinds"),
        );
    }
  }
  return diags;
}

/**
 * A type that extends itself, or an alias that names itself, has no finite shape: every stage
 * that walks it would loop. (A field that refers back to its own type is fine: that is a tree.)
 */
function checkCycles(model: ApiModel): Diagnostic[] {
  const diags: Diagnostic[] = [];
  const next = (t: TypeModel): TypeModel[] => {
    const refs = t.shape.kind === "struct" ? t.shape.embeds : t.shape.target.kind === "named" ? [t.shape.target] : [];
    return refs.flatMap((r) => (r.kind === "named" ? [findType(model, r.pkg, r.name)].filter((x): x is TypeModel => x !== undefined) : []));
  };
  const reported = new Set<TypeModel>();
  const onCycle = typesOnCycles(model, next);
  for (const p of model.packages) {
    for (const t of p.types) {
      if (!onCycle.has(t) || reported.has(t)) continue;
      const path = findCycle(t, next);
      if (!path) continue;
      for (const x of path) reported.add(x);
      const how = t.shape.kind === "struct" ? "extends itself" : "is an alias of itself";
      diags.push(
        errorAt(
          t.pos,
          Code.selfExtendingType,
          `type ${t.name} ${how}: ${path.map((x) => x.name).join(" → ")} → ${t.name}`,
          "break the cycle: embed a type that does not lead back here",
        ),
      );
    }
  }
  return diags;
}

/**
 * The types that lie on a cycle of `next` (Tarjan's strongly connected components, with an
 * explicit stack): a linear pass, so that only those types pay for a search of their cycle and
 * a long acyclic chain costs its length, not its square.
 */
function typesOnCycles(model: ApiModel, next: (t: TypeModel) => TypeModel[]): Set<TypeModel> {
  const index = new Map<TypeModel, number>();
  const low = new Map<TypeModel, number>();
  const sccStack: TypeModel[] = [];
  const onStack = new Set<TypeModel>();
  const out = new Set<TypeModel>();
  let counter = 0;
  for (const p of model.packages) {
    for (const root of p.types) {
      if (index.has(root)) continue;
      const work: { t: TypeModel; succ: TypeModel[]; i: number }[] = [];
      const open = (t: TypeModel) => {
        index.set(t, counter);
        low.set(t, counter++);
        sccStack.push(t);
        onStack.add(t);
        work.push({ t, succ: next(t), i: 0 });
      };
      open(root);
      while (work.length > 0) {
        const top = work[work.length - 1]!;
        if (top.i < top.succ.length) {
          const n = top.succ[top.i++]!;
          if (n === top.t) out.add(n); // a type that names itself directly
          if (!index.has(n)) open(n);
          else if (onStack.has(n)) low.set(top.t, Math.min(low.get(top.t)!, index.get(n)!));
          continue;
        }
        work.pop();
        const parent = work[work.length - 1];
        if (parent) low.set(parent.t, Math.min(low.get(parent.t)!, low.get(top.t)!));
        if (low.get(top.t) !== index.get(top.t)) continue;
        const component: TypeModel[] = [];
        for (;;) {
          const x = sccStack.pop()!;
          onStack.delete(x);
          component.push(x);
          if (x === top.t) break;
        }
        if (component.length > 1) for (const x of component) out.add(x);
      }
    }
  }
  return out;
}

/** A path from `start` back to it, found depth-first with an explicit stack (each type entered once). */
function findCycle(start: TypeModel, next: (t: TypeModel) => TypeModel[]): TypeModel[] | undefined {
  const entered = new Set<TypeModel>([start]);
  const work: { t: TypeModel; succ: TypeModel[]; i: number }[] = [{ t: start, succ: next(start), i: 0 }];
  while (work.length > 0) {
    const top = work[work.length - 1]!;
    if (top.i >= top.succ.length) {
      work.pop();
      continue;
    }
    const n = top.succ[top.i++]!;
    if (n === start) return work.map((w) => w.t);
    if (entered.has(n)) continue;
    entered.add(n);
    work.push({ t: n, succ: next(n), i: 0 });
  }
  return undefined;
}
