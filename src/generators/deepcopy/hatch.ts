import { Code, errorAt, warningAt, type Diagnostic } from "../../diagnostics/index.js";
import { findType, flattenStruct, type ApiModel, type PackageModel, type TypeModel, type TypeRef } from "../../model/index.js";
import { isScalar } from "./copy-expr.js";
import { copiedField, copiedWhole, copyFunctionName, copySource, optedOut, optOutMarker } from "./select.js";

/**
 * Checks the hand-written side of the escape hatch at generation time, across packages: every
 * type a generated copy calls (in its own package or another) must have a copy, generated or an
 * exported `deepCopy<Type>(src: Type): Type`; every kind opted out with `+k8s:deepcopy-gen=false`
 * must have the hand-written one. Aliases of scalars need none. Each error shows the signature to
 * write, and each type is reported once however many copies need it.
 */
export function checkHatches(model: ApiModel): Diagnostic[] {
  const needed = new Set<TypeModel>();
  const stopAt = copiedWhole(model);
  const copied = copiedField(model);
  const visit = (r: TypeRef): void => {
    if (r.kind === "array") visit(r.elem);
    else if (r.kind === "map") visit(r.value);
    else if (r.kind === "nullable") visit(r.inner);
    else if (r.kind === "named" && !isScalar(r, model)) {
      const t = findType(model, r.pkg, r.name);
      if (t) needed.add(t);
    }
  };
  for (const pkg of model.packages) {
    for (const t of pkg.types) {
      if (copySource(pkg, t).kind !== "generated") continue;
      if (t.shape.kind === "alias") visit(t.shape.target);
      else {
        const flat = flattenStruct(model, t, stopAt, copied);
        for (const { field } of flat.fields) visit(field.type);
        for (const o of flat.opaque) needed.add(o);
      }
    }
    for (const t of pkg.types) if (optedOut(t) && t.isKind) needed.add(t);
  }
  const diags: Diagnostic[] = [];
  for (const pkg of model.packages) {
    for (const t of pkg.types) {
      if (optedOut(t) && t.shape.kind === "alias" && isScalar(t.shape.target, model)) diags.push(optOutNoEffect(t));
      if (!needed.has(t) || copySource(pkg, t).kind === "generated") continue;
      diags.push(...checkOne(pkg, t));
    }
  }
  return diags;
}

/**
 * An opt-out on a type copied by value: every copy that holds it copies the value itself and calls
 * no function, so the marker only drops the trivial `deepCopy<Type>(src) => src` (deepcopy-gen
 * writes none for such types at all).
 */
function optOutNoEffect(t: TypeModel): Diagnostic {
  const marker = optOutMarker(t);
  const at = t.markers.first("k8s:deepcopy-gen", "kubebuilder:object:generate")?.pos ?? t.pos;
  return warningAt(
    at,
    Code.optOutHasNoEffect,
    `${marker} on ${t.name} has no effect: ${t.name} is copied by value (an alias of a scalar), so no copy of it is ever called and none needs writing by hand`,
    `remove ${marker}`,
  );
}

function checkOne(pkg: PackageModel, t: TypeModel): Diagnostic[] {
  const fn = copyFunctionName(t.name);
  const signature = `export function ${fn}(src: ${t.name}): ${t.name}`;
  const hand = pkg.handwritten.find((h) => h.name === fn);
  if (!hand) {
    const why = optedOut(t) ? `${t.name} is marked ${optOutMarker(t)}` : `${t.name} has no deep copy (its package does not select it)`;
    const hint = optedOut(t)
      ? `add to a file of the package: ${signature} { ... }`
      : `add +k8s:deepcopy-gen=package to ${pkg.docFile} (or +k8s:deepcopy-gen=true to ${t.name}), or add to a file of the package: ${signature} { ... }`;
    return [
      errorAt(t.pos, Code.missingHandwrittenCopy, `${why}, so ${fn} must be written by hand, and no file of ${pkg.dir} declares it`, hint),
    ];
  }
  if (!hand.exported) return [errorAt(hand.pos, Code.handwrittenCopyNotExported, `${fn} is not exported`, `write it as ${signature}`)];
  const ok = hand.params.length === 1 && normal(hand.params[0]) === t.name && normal(hand.returns) === t.name;
  if (!ok) {
    return [
      errorAt(
        hand.pos,
        Code.handwrittenCopyWrongSignature,
        `${fn} has the wrong signature: (${hand.params.join(", ")}) => ${hand.returns || "(no declared return type)"}`,
        `write it as ${signature}`,
      ),
    ];
  }
  return [];
}

function normal(s: string | undefined): string {
  return (s ?? "").replace(/\s+/g, "");
}
