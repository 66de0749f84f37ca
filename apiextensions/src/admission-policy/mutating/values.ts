// MutatingAdmissionPolicy's CEL types, as k8s.io/apiserver/pkg/cel/mutation declares them: `Object`
// and every `Object.<field path>` (an object type whose fields are all dyn), `JSONPatch` (op, path,
// from: string; value: dyn), and jsonpatch.escapeKey. The checker's view (messageType) and the
// evaluation's (messageFuncs: a construction, lowered to @message, is a CEL map tagged with its type's
// name under a key no CEL field can spell), and the results as JSON: the ApplyConfiguration's object
// and the JSONPatch operations, with the server's type-name check and error texts.
import {
  celFunc,
  celMap,
  CelScalar,
  isCelList,
  isCelMap,
  isCelUint,
  listType,
  type CelFunc,
  type CelInput,
  type CelValue,
} from "@bufbuild/cel";
import type { CelT } from "../../crd-checks/cel/cel-types.js";
import { MAX_REQUEST_BYTES } from "../../crd-checks/cel/cel-types.js";
import { isObjectType, JSON_PATCH_TYPE, MESSAGE } from "../../validation/cel/lower.js";
import type { PatchOperation } from "./json-patch.js";

const { STRING, DYN } = CelScalar;
const TYPE = "@type";

const STRING_T: CelT = { k: "string", maxSize: MAX_REQUEST_BYTES };
const JSON_PATCH_FIELDS: ReadonlyMap<string, CelT> = new Map<string, CelT>([
  ["op", STRING_T],
  ["from", STRING_T],
  ["path", STRING_T],
  ["value", { k: "dyn" }],
]);
const JSON_PATCH_T: CelT = { k: "object", name: JSON_PATCH_TYPE, fields: JSON_PATCH_FIELDS };

/** The checker's type of a construction of `name`: undefined for a name the environment does not declare. */
export function messageType(name: string): CelT | undefined {
  if (name === JSON_PATCH_TYPE) return JSON_PATCH_T;
  // Opaque: any field is dyn (dynamic.ObjectType).
  if (isObjectType(name)) return { k: "object", name, fields: new Map(), opaque: true };
  return undefined;
}

/** jsonpatch.escapeKey: a map key as one JSON Pointer token. */
const escapeKey = (k: string): string => k.replace(/~/g, "~0").replace(/\//g, "~1");

/** The functions a MutatingAdmissionPolicy's expressions evaluate with (one list, so one environment). */
export const messageFuncs: readonly CelFunc[] = [
  celFunc(MESSAGE, [STRING, listType(STRING), listType(DYN)], DYN, (name, names, values) => {
    const entries = new Map<string, CelInput>([[TYPE, name]]);
    const vs = [...values];
    [...names].forEach((n, i) => {
      const v = vs[i] as CelValue;
      if (name === JSON_PATCH_TYPE && (n === "op" || n === "path" || n === "from") && typeof v !== "string")
        throw new Error(`unexpected type ${goTypeName(v)} for JSONPatchType '${n}' field`);
      if (name === JSON_PATCH_TYPE && !JSON_PATCH_FIELDS.has(String(n))) throw new Error(`unexpected JSONPatchType field: ${String(n)}`);
      entries.set(String(n), v);
    });
    return celMap(entries);
  }),
  celFunc("jsonpatch.escapeKey", [STRING], STRING, escapeKey),
];

function goTypeName(v: CelValue): string {
  if (typeof v === "bigint") return "int64";
  if (typeof v === "number") return "float64";
  if (typeof v === "boolean") return "bool";
  return "types.Null";
}

/** The type name a value was constructed with, if it is a message. */
export function messageName(v: CelValue): string | undefined {
  if (!isCelMap(v)) return undefined;
  const t = v.get(TYPE);
  return typeof t === "string" ? t : undefined;
}

class ConversionError extends Error {}

/**
 * typeCheck of dynamic.ObjectVal: each nested construction's type name must be the field path from
 * the root's (`Object.spec{template: Object.spec.template{…}}`); list elements and map values share
 * their field's path.
 */
function typeNameProblems(v: CelValue, path: string, out: string[]): void {
  const name = messageName(v);
  if (name !== undefined && isCelMap(v)) {
    if (name !== path)
      out.push(
        `unexpected type name ${JSON.stringify(name)}, expected ${JSON.stringify(path)}, which matches field name path from root Object type`,
      );
    for (const [k, x] of v) if (k !== TYPE) typeNameProblems(x, `${path}.${String(k)}`, out);
    return;
  }
  if (isCelList(v)) for (const x of v) typeNameProblems(x, path, out);
  else if (isCelMap(v)) for (const [, x] of v) typeNameProblems(x, path, out);
}

/** The "type mismatch: …" of a construction whose nested type names are not its field paths, if any. */
export function typeNameMismatch(v: CelValue): string | undefined {
  const root = messageName(v);
  if (root === undefined) return undefined;
  const problems: string[] = [];
  typeNameProblems(v, root, problems);
  return problems.length > 0 ? `type mismatch: ${problems.join("\n")}` : undefined;
}

/** A CEL value as JSON (structpb's conversion): ints and doubles as numbers, maps with string keys, messages as objects. */
function toJson(v: CelValue): unknown {
  if (v === null || typeof v === "string" || typeof v === "boolean") return v;
  if (typeof v === "bigint") return Number(v);
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new ConversionError(`json: unsupported value: ${String(v)}`);
    return v;
  }
  if (isCelUint(v)) return Number(v.value);
  if (v instanceof Uint8Array) return Buffer.from(v).toString("base64");
  if (isCelList(v)) return [...v].map((x) => toJson(x));
  if (isCelMap(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of v) {
      if (k === TYPE && messageName(v) !== undefined) continue;
      if (typeof k !== "string") throw new ConversionError("map key is not a string");
      out[k] = toJson(x);
    }
    return out;
  }
  throw new ConversionError(`unsupported type conversion of ${String(v)}`);
}

export type Converted<T> = { value: T } | { error: string };

/** An ApplyConfiguration expression's result as the patch object, or the server's error. */
export function applyConfigurationOf(v: CelValue): Converted<Record<string, unknown>> {
  const name = messageName(v);
  if (name === undefined || !isObjectType(name))
    return { error: `unsupported return type from ApplyConfiguration expression: ${typeLabel(v)}` };
  const mismatch = typeNameMismatch(v);
  if (mismatch !== undefined) return { error: mismatch };
  try {
    return { value: toJson(v) as Record<string, unknown> };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

/** A JSONPatch expression's result as operations, or the server's error. */
export function jsonPatchOf(v: CelValue): Converted<PatchOperation[]> {
  if (!isCelList(v)) return { error: "type mismatch: JSONPatchType.expression should evaluate to array" };
  const ops: PatchOperation[] = [];
  for (const x of v) {
    const item = x;
    if (messageName(item) !== JSON_PATCH_TYPE || !isCelMap(item))
      return {
        error: `type mismatch: JSONPatchType.expression should evaluate to array of JSONPatch: type conversion error from '${typeLabel(item)}' to '*mutation.JSONPatchVal'`,
      };
    const field = (k: string): string => {
      const f = item.get(k);
      return typeof f === "string" ? f : "";
    };
    const op: PatchOperation = { op: field("op"), path: field("path") };
    if (field("from") !== "") op.from = field("from");
    // A value of null is sent as JSON null (a `test` of it never passes), unlike no value at all.
    const value = item.get("value");
    if (value !== undefined) {
      const mismatch = typeNameMismatch(value);
      if (mismatch !== undefined) return { error: mismatch };
      try {
        op.value = toJson(value);
      } catch (e) {
        return {
          error: `JSONPath valueExpression evaluated to a type that could not marshal to JSON: ${e instanceof Error ? e.message : String(e)}`,
        };
      }
    }
    ops.push(op);
  }
  return { value: ops };
}

function typeLabel(v: CelValue): string {
  const name = messageName(v);
  if (name !== undefined) return name;
  if (v === null) return "null_type";
  if (typeof v === "bigint") return "int";
  if (typeof v === "number") return "double";
  if (typeof v === "string") return "string";
  if (typeof v === "boolean") return "bool";
  if (isCelList(v)) return "list";
  if (isCelMap(v)) return "map";
  return "dyn";
}
