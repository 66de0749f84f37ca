import type { TypeRef } from "../model/index.js";

/** A type reference as TypeScript spells it, for messages ("string", "int32[]", "Record<string, Foo>"). */
export function typeRefText(r: TypeRef): string {
  switch (r.kind) {
    case "primitive":
    case "builtin":
    case "named":
      return r.name;
    case "literal":
      return r.values.map((v) => JSON.stringify(v)).join(" | ");
    case "array":
      return `${wrap(r.elem)}[]`;
    case "map":
      return `Record<string, ${typeRefText(r.value)}>`;
    case "nullable":
      return `${typeRefText(r.inner)} | null`;
    case "unknown":
      return r.spelled;
  }
}

function wrap(r: TypeRef): string {
  const t = typeRefText(r);
  return r.kind === "literal" || r.kind === "nullable" ? `(${t})` : t;
}
