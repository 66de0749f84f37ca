import { errorAt, type Diagnostic } from "../../diagnostics/index.js";
import { findPackage, type ApiModel, type PackageModel, type TypeModel, type TypeRef } from "../../model/index.js";
import { copyFunctionName, copySource, optedOut } from "./select.js";

/**
 * Checks the hand-written side of the escape hatch at generation time: every type opted out
 * with `+k8s:deepcopy-gen=false` that a generated copy (or a kind) needs must have an exported
 * `deepCopy<Type>(src: Type): Type` in the package; every type a generated copy calls must have
 * some copy. Each error shows the signature to write.
 */
export function checkHatches(model: ApiModel, pkg: PackageModel): Diagnostic[] {
  const diags: Diagnostic[] = [];
  const needed = new Map<string, TypeModel>();
  for (const t of pkg.types) {
    if (copySource(pkg, t).kind !== "generated") continue;
    for (const r of refsOf(t)) if (r.kind === "named") {
      const p = findPackage(model, r.pkg);
      const target = p?.types.find((x) => x.name === r.name);
      if (p && target && p === pkg) needed.set(target.name, target);
    }
  }
  for (const t of pkg.types) if (optedOut(t) && (t.isKind || needed.has(t.name))) needed.set(t.name, t);
  for (const t of [...needed.values()].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const src = copySource(pkg, t);
    if (src.kind === "generated") continue;
    diags.push(...checkOne(pkg, t));
  }
  return diags;
}

function checkOne(pkg: PackageModel, t: TypeModel): Diagnostic[] {
  const fn = copyFunctionName(t.name);
  const signature = `export function ${fn}(src: ${t.name}): ${t.name}`;
  const hand = pkg.handwritten.find((h) => h.name === fn);
  if (!hand) {
    const why = optedOut(t) ? `${t.name} is marked +k8s:deepcopy-gen=false` : `${t.name} has no deep copy (its package does not select it)`;
    return [errorAt(t.pos, "KCG1502", `${why}, so ${fn} must be written by hand, and no file of ${pkg.dir} declares it`, `add to a file of the package: ${signature} { ... }`)];
  }
  if (!hand.exported) return [errorAt(hand.pos, "KCG1503", `${fn} is not exported`, `write it as ${signature}`)];
  const ok = hand.params.length === 1 && normal(hand.params[0]) === t.name && normal(hand.returns) === t.name;
  if (!ok) {
    return [errorAt(hand.pos, "KCG1504", `${fn} has the wrong signature: (${hand.params.join(", ")}) => ${hand.returns || "(no declared return type)"}`, `write it as ${signature}`)];
  }
  return [];
}

function normal(s: string | undefined): string {
  return (s ?? "").replace(/\s+/g, "");
}

function refsOf(t: TypeModel): TypeRef[] {
  const out: TypeRef[] = [];
  const visit = (r: TypeRef): void => {
    out.push(r);
    if (r.kind === "array") visit(r.elem);
    else if (r.kind === "map") visit(r.value);
    else if (r.kind === "nullable") visit(r.inner);
  };
  if (t.shape.kind === "alias") visit(t.shape.target);
  else {
    t.shape.embeds.forEach(visit);
    t.shape.fields.forEach((f) => visit(f.type));
  }
  return out;
}
