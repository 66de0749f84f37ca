import { findType, type ApiModel, type PackageId, type TypeRef } from "../model/index.js";
import type { GoNode } from "../vocab/index.js";

const samePkg = (a: PackageId, b: PackageId) => a.group === b.group && a.version === b.version;

/**
 * The node controller-gen v0.23 holds for a field when it applies the field's markers, before
 * it inlines named types (schema.go's localNamedToSchema and namedToSchema): an inline type gives
 * its schema type; a named type of the field's own package gives its underlying type, except a
 * struct, which is a bare `$ref`; a type of another package (an apimachinery type such as Time,
 * Quantity or IntOrString included) is a bare `$ref` unless it is a slice or a map. `unknown`
 * counts as another package's type: Go spells it `apiextensionsv1.JSON` or `runtime.RawExtension`.
 */
export function goNodeOf(model: ApiModel, r: TypeRef, owner: PackageId): GoNode {
  let cur = r;
  let local = true;
  const seen = new Set<string>();
  for (;;) {
    switch (cur.kind) {
      case "nullable":
        cur = cur.inner;
        continue;
      case "primitive":
        if (!local) return "ref";
        return cur.name === "int32" || cur.name === "int64" ? "integer" : cur.name;
      case "literal":
        if (!local) return "ref";
        return cur.base === "number" ? (cur.values.every((v) => Number.isInteger(v)) ? "integer" : "number") : cur.base;
      case "array":
        return "array";
      case "map":
        return "object";
      case "builtin":
      case "unknown":
        return "ref";
      case "named": {
        // Only the first name decides local or not: Go sees that name; what it names is underlying.
        if (seen.size === 0 && !samePkg(cur.pkg, owner)) local = false;
        const key = `${cur.pkg.group}/${cur.pkg.version}.${cur.name}`;
        const t = seen.has(key) ? undefined : findType(model, cur.pkg, cur.name);
        seen.add(key);
        if (!t || t.shape.kind === "struct") return "ref";
        cur = t.shape.target;
        continue;
      }
    }
  }
}
