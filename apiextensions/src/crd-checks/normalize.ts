// The CRD as the server stores it after a successful create: v1 defaults filled in
// (names.singular, names.listKind, conversion.strategy) and schemas decoded the server's way
// (unknown keywords such as a rule's `reason` dropped, `default: null` removed, empty rule
// messages omitted). Status is left to the caller, which owns conditions and accepted names.
import { decodeCrd } from "./decode.js";
import type { InternalSchema } from "../types/index.js";

type Obj = Record<string, unknown>;

function encodeSchema(s: InternalSchema): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === "x-kubernetes-validations") {
      out[k] = (v as { rule: string; message: string }[]).map((r) =>
        r.message === "" ? { rule: r.rule } : { rule: r.rule, message: r.message },
      );
    } else if (k === "items" || k === "not" || k === "additionalProperties" || k === "additionalItems") {
      out[k] = Array.isArray(v)
        ? v.map((x) => encodeSchema(x as InternalSchema))
        : typeof v === "object"
          ? encodeSchema(v as InternalSchema)
          : v;
    } else if (k === "allOf" || k === "anyOf" || k === "oneOf") {
      out[k] = (v as InternalSchema[]).map(encodeSchema);
    } else if (k === "properties" || k === "patternProperties" || k === "definitions") {
      out[k] = Object.fromEntries(Object.entries(v as Record<string, InternalSchema>).map(([n, x]) => [n, encodeSchema(x)]));
    } else out[k] = v;
  }
  return out;
}

/** A deep copy of `crd` with the server's defaults and schema decoding applied (input untouched). */
export function normalizeCrd(crd: unknown): Obj {
  const copy = JSON.parse(JSON.stringify(crd ?? {})) as Obj;
  const spec = (copy.spec ?? {}) as Obj;
  copy.spec = spec;
  const names = (spec.names ?? {}) as Obj;
  spec.names = names;
  const kind = typeof names.kind === "string" ? names.kind : "";
  if (names.singular === undefined && kind !== "") names.singular = kind.toLowerCase();
  if (names.listKind === undefined && kind !== "") names.listKind = `${kind}List`;
  if (spec.conversion === undefined || spec.conversion === null) spec.conversion = { strategy: "None" };
  const versions = Array.isArray(spec.versions) ? (spec.versions as Obj[]) : [];
  const decoded = decodeCrd(crd);
  versions.forEach((v, i) => {
    const s = (v.schema as Obj | undefined)?.openAPIV3Schema;
    if (s === undefined || s === null) return;
    const d = decoded.crd.versions[i]?.schema?.openAPIV3Schema ?? decoded.crd.validation?.openAPIV3Schema;
    if (d !== undefined) (v.schema as Obj).openAPIV3Schema = encodeSchema(d);
  });
  return copy;
}
