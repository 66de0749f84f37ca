// Defaults must survive pruning unchanged and validate against their own schema (the
// server's structuraldefaulting.ValidateDefaults), reported at `<schema path>.default`.
// Defaults under additionalProperties are not followed, as on the server.
import type { FieldPath } from "./field-path.js";
import { goSharpV } from "./go-value.js";
import { GoRendered, invalid, notSupported, required, typeInvalid, tooMany, type CrdProblem } from "./problem.js";
import { pruned } from "./prune.js";
import { canonicalJson, itemSchema, propertyNames, type Schema } from "./schema-types.js";
import { validateValue, type ValueError } from "./value-validator.js";

/** ValidateDefaults for a structural schema rooted at `path`. */
export function validateDefaults(path: FieldPath, s: Schema): CrdProblem[] {
  // The server treats the root like an embedded resource: its metadata/apiVersion/kind are meta.
  return walk(path, s, false, true);
}

function walk(path: FieldPath, s: Schema | undefined, insideMeta: boolean, isRoot = false): CrdProblem[] {
  if (s === undefined) return [];
  const out: CrdProblem[] = [];
  const embedded = isRoot || s["x-kubernetes-embedded-resource"] === true;
  if (embedded) insideMeta = false;
  if (s.default !== undefined) out.push(...checkDefault(path.child("default"), s, insideMeta));
  out.push(...walk(path.child("items"), itemSchema(s), insideMeta));
  for (const k of propertyNames(s)) {
    const subMeta = insideMeta || (embedded && (k === "metadata" || k === "apiVersion" || k === "kind"));
    out.push(...walk(path.child("properties").key(k), s.properties![k], subMeta));
  }
  return out;
}

function checkDefault(path: FieldPath, s: Schema, insideMeta: boolean): CrdProblem[] {
  const out: CrdProblem[] = [];
  const value = s.default;
  if (!insideMeta && canonicalJson(pruned(value, s, s["x-kubernetes-embedded-resource"] === true)) !== canonicalJson(value)) {
    out.push(invalid(path, new GoRendered(goSharpV(value)), "must not have unknown fields"));
  }
  out.push(...validateValue(value, s).map((e) => toProblem(path, e)));
  return out;
}

/** The server's translation of a go-openapi error into a field error. */
function toProblem(base: FieldPath, e: ValueError): CrdProblem {
  const path = e.name === "" ? base : base.child(e.name);
  switch (e.kind) {
    case "type":
      return typeInvalid(path, e.value, e.message);
    case "required":
      return required(path, "");
    case "enum":
      return notSupported(path, e.value, (e.allowed ?? []).map((a) => (typeof a === "string" ? a : JSON.stringify(a))));
    case "tooLong":
      return { field: path.toString(), reason: "FieldValueTooLong", message: `Too long: may not be longer than ${e.limit ?? -1}` };
    case "tooMany":
      return tooMany(path, e.actual ?? -1, e.limit ?? -1);
    case "invalid":
      return invalid(path, typeof e.value === "object" && e.value !== null ? new GoRendered(goSharpV(e.value)) : e.value, e.message);
  }
}
