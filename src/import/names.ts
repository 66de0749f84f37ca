import { isIdentifier } from "../emit/index.js";

/**
 * Names every type of a package gets, deterministic and unique: kopium's scheme (the parent type's
 * name followed by the field's in PascalCase, `HTTPRouteSpecRules`), with `2`, `3` ... appended on
 * a clash, in the order the schema is walked (properties in their YAML order, kinds sorted).
 */
export class TypeNames {
  private readonly taken = new Set<string>(RESERVED);

  /** Claims a kind's own name (and its list's); kinds are named by their CRD, never renumbered. */
  claim(name: string): void {
    this.taken.add(name);
  }

  /** A fresh type name from `parent` and a field name (or a suffix such as `Item`). */
  derive(parent: string, part: string): string {
    return this.fresh(`${parent}${pascal(part)}`);
  }

  private fresh(base: string): string {
    let name = base;
    for (let i = 2; this.taken.has(name); i++) name = `${base}${String(i)}`;
    this.taken.add(name);
    return name;
  }
}

/** `forward-body.max_size` → `ForwardBodyMaxSize`; something that starts with a digit gets an `X`. */
export function pascal(s: string): string {
  const words = s.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== "");
  const joined = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
  const name = joined === "" ? "X" : /^\p{N}/u.test(joined) ? `X${joined}` : joined;
  return isIdentifier(name) ? name : "X";
}

// Names the types files import or TypeScript and the generator give a meaning of their own.
const RESERVED = [
  "TypeMeta",
  "ObjectMeta",
  "ListMeta",
  "IntOrString",
  "Quantity",
  "Time",
  "MicroTime",
  "Duration",
  "RawExtension",
  "Condition",
  "LabelSelector",
  "OwnerReference",
  "int32",
  "int64",
  "Array",
  "ReadonlyArray",
  "Record",
  "Partial",
  "Required",
  "Readonly",
  "Date",
  "Map",
  "Set",
  "Object",
  "String",
  "Number",
  "Boolean",
  "Function",
  "Promise",
  "Error",
  "Symbol",
  "BigInt",
];
