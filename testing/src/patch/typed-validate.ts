// What structured-merge-diff checks when it makes a typed value of an object (typed/validate.go), and
// the atomic fields of one (MutatingAdmissionPolicy's validatePatch): a field the schema does not
// declare, a scalar of the wrong kind, a map or list where the schema has another; errors worded as
// its ValidationErrors print ("<path>: <message>", several under "errors:"), paths as its path elements
// print them (.field, [index], [key="value"]).
import { isObject, type JsonValue } from "./json.js";
import { fieldType, isDeclaredField, type ListType, type TypeInfo } from "./type-info.js";

/** Go's %T of a decoded JSON value. */
function goType(v: JsonValue): string {
  if (typeof v === "string") return "string";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "number") return Number.isInteger(v) ? "int64" : "float64";
  if (Array.isArray(v)) return "[]interface {}";
  return "map[string]interface {}";
}

/** Go's %v of a decoded JSON value (as structured-merge-diff prints one in its errors). */
function goValue(v: JsonValue): string {
  if (Array.isArray(v)) return `[${v.map(goValue).join(" ")}]`;
  if (isObject(v))
    return `map[${Object.keys(v)
      .sort()
      .map((k) => `${k}:${goValue(v[k]!)}`)
      .join(" ")}]`;
  return v === null ? "<nil>" : String(v);
}

/** The path element of a list item, as fieldpath.PathElement prints it. */
function itemElement(t: ListType, item: JsonValue, i: number): string {
  // Keys sorted by name; a set's item after "=" (fieldpath.PathElement.String).
  if (t.listType === "map" && isObject(item))
    return `[${[...t.keys]
      .sort()
      .filter((k) => (item[k] ?? t.keyDefaults?.[k]) !== undefined)
      .map((k) => `${k}=${JSON.stringify(item[k] ?? t.keyDefaults?.[k])}`)
      .join(",")}]`;
  if (t.listType === "set") return `[=${JSON.stringify(item)}]`;
  return `[${String(i)}]`;
}

function walk(v: JsonValue, t: TypeInfo, path: string, out: string[]): void {
  // A null where a map or list belongs is CEL's null (structpb's NULL_VALUE), which an ApplyConfiguration
  // cannot set (recorded from 1.37.2); elsewhere it is no value.
  if (v === null) {
    if (t.kind === "map" || t.kind === "list") out.push(`${path}: expected ${t.kind}, got &{NULL_VALUE}`);
    return;
  }
  switch (t.kind) {
    case "untyped":
      return;
    case "scalar": {
      const kind = t.scalar;
      if (kind === "numeric" && typeof v !== "number") out.push(`${path}: expected numeric (int or float), got ${goType(v)}`);
      else if (kind === "string" && typeof v !== "string")
        out.push(`${path}: expected string, got &value.valueUnstructured{Value:${goValue(v)}}`);
      else if (kind === "boolean" && typeof v !== "boolean") out.push(`${path}: expected boolean, got &{${goValue(v)}}`);
      else if (kind === undefined && (Array.isArray(v) || isObject(v))) out.push(`${path}: expected any scalar, got &{${goValue(v)}}`);
      return;
    }
    case "list":
      if (!Array.isArray(v)) {
        out.push(`${path}: expected list, got &{${goValue(v)}}`);
        return;
      }
      v.forEach((item, i) => walk(item, t.elem, `${path}${itemElement(t, item, i)}`, out));
      return;
    case "map":
      if (!isObject(v)) {
        out.push(`${path}: expected map, got &{${goValue(v)}}`);
        return;
      }
      for (const key of Object.keys(v).sort()) {
        if (!isDeclaredField(t, key) && t.elem === undefined) {
          out.push(`${path}.${key}: field not declared in schema`);
          continue;
        }
        walk(v[key]!, fieldType(t, key), `${path}.${key}`, out);
      }
  }
}

/** structured-merge-diff's validation of `value` against `type`: undefined when it is valid, else its error text. */
export function typedValidationError(value: JsonValue, type: TypeInfo): string | undefined {
  const errors: string[] = [];
  walk(value, type, "", errors);
  if (errors.length === 0) return undefined;
  return errors.length === 1 ? errors[0] : ["errors:", ...errors.map((e) => `  ${e}`)].join("\n");
}

/**
 * findAtomics: the paths of the atomic maps, structs and lists `value` sets (a declared field's, or
 * an item's, at its index), which an ApplyConfiguration may not mutate.
 */
export function atomicPaths(value: JsonValue, type: TypeInfo, path = ""): string[] {
  const out: string[] = [];
  if (isObject(value) && type.kind === "map") {
    if (type.atomic) out.push(path);
    for (const key of Object.keys(value).sort())
      if (isDeclaredField(type, key)) out.push(...atomicPaths(value[key]!, fieldType(type, key), `${path}.${key}`));
  }
  if (Array.isArray(value) && type.kind === "list") {
    if (type.listType === "atomic") out.push(path);
    value.forEach((item, i) => out.push(...atomicPaths(item, type.elem, `${path}[${String(i)}]`)));
  }
  return out;
}
