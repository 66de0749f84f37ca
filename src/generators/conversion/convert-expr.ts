import { findType, followAliases, type ApiModel, type PackageId, type TypeModel, type TypeRef } from "../../model/index.js";

/** What converting one value takes: an expression, or why none can be written (conversion-gen's "inconvertible types"). */
export type Conversion = { readonly expr: string; readonly identity: boolean } | { readonly reason: string };

/** How a nested struct converts: the function to call, named by the caller (generated or hand-written). */
export type NamedConversion = (inType: TypeModel, outType: TypeModel) => string | undefined;

/** What the walk needs: the model, the two packages converted between, and how to name a nested conversion. */
export interface ConvertEnv {
  readonly model: ApiModel;
  readonly from: PackageId;
  readonly to: PackageId;
  readonly named: NamedConversion;
}

const numeric = new Set(["number", "int32", "int64"]);

/**
 * The expression converting `src` (of type `a`) to type `b`, as conversion-gen's generateFor:
 * values of the same type are assigned (shared, as conversion-gen's unsafe casts share memory),
 * same-named structs of the two packages call their conversion, arrays and maps convert element
 * by element, `T` goes into `T | null`. Numbers convert between number, int32 and int64 (all
 * numbers at run time, as conversion-gen casts between Go's integer types); an enum converts into
 * a wider enum or its base type, not the other way, since TypeScript would refuse the assignment.
 */
export function convertExpr(a: TypeRef, b: TypeRef, src: string, env: ConvertEnv, depth = 0): Conversion {
  const x = unwrap(env.model, a);
  const y = unwrap(env.model, b);
  if (depth > 50) return { reason: "types nest too deeply" };
  if (y.kind === "nullable") {
    if (x.kind === "nullable") {
      const inner = convertExpr(x.inner, y.inner, src, env, depth + 1);
      if ("reason" in inner || inner.identity) return inner;
      return { expr: `${src} === null ? null : ${inner.expr}`, identity: false };
    }
    return convertExpr(x, y.inner, src, env, depth + 1);
  }
  if (x.kind === "nullable") return { reason: `${show(a)} may be null and ${show(b)} may not` };
  if (x.kind === "unknown" || y.kind === "unknown") {
    return x.kind === y.kind ? { expr: src, identity: true } : { reason: `inconvertible types (${show(a)} vs ${show(b)})` };
  }
  switch (x.kind) {
    case "primitive":
      if (y.kind === "primitive" && (x.name === y.name || (numeric.has(x.name) && numeric.has(y.name))))
        return { expr: src, identity: true };
      if (y.kind === "literal") return { reason: `${show(a)} may hold values the enum ${show(b)} does not` };
      break;
    case "literal":
      if (y.kind === "primitive" && (y.name === x.base || (x.base === "number" && numeric.has(y.name))))
        return { expr: src, identity: true };
      if (y.kind === "literal") {
        const missing = x.values.filter((v) => !y.values.includes(v));
        if (missing.length === 0) return { expr: src, identity: true };
        return { reason: `${missing.map((v) => JSON.stringify(v)).join(", ")} not among the values of ${show(b)}` };
      }
      break;
    case "builtin":
      if (y.kind === "builtin" && x.name === y.name) return { expr: src, identity: true };
      break;
    case "array":
      if (y.kind === "array") {
        const e = `e${depth}`;
        const elem = convertExpr(x.elem, y.elem, e, env, depth + 1);
        if ("reason" in elem) return elem;
        if (elem.identity) return { expr: src, identity: true };
        return { expr: `${src}.map((${e}) => ${elem.expr})`, identity: false };
      }
      break;
    case "map":
      if (y.kind === "map") {
        const [k, v] = [`k${depth}`, `v${depth}`];
        const value = convertExpr(x.value, y.value, v, env, depth + 1);
        if ("reason" in value) return value;
        if (value.identity) return { expr: src, identity: true };
        // Object.fromEntries defines each key as data, so a "__proto__" key stays a key.
        return { expr: `Object.fromEntries(Object.entries(${src}).map(([${k}, ${v}]) => [${k}, ${value.expr}]))`, identity: false };
      }
      break;
    case "named":
      if (y.kind === "named") {
        if (x.name === y.name && samePkg(x.pkg, y.pkg)) return { expr: src, identity: true };
        const tx = findType(env.model, x.pkg, x.name);
        const ty = findType(env.model, y.pkg, y.name);
        if (tx && ty && x.name === y.name && samePkg(x.pkg, env.from) && samePkg(y.pkg, env.to)) {
          const fn = env.named(tx, ty);
          if (fn !== undefined) return { expr: `${fn}(${src})`, identity: false };
        }
        if (x.name === y.name)
          return { reason: `${show(a)} and ${show(b)} are not the two packages' own types, so no conversion is generated` };
      }
      break;
  }
  return { reason: `inconvertible types (${show(a)} vs ${show(b)})` };
}

/** A reference with every alias followed to what it finally is (`type Mode = "a" | "b"` → the literal). */
function unwrap(model: ApiModel, r: TypeRef): TypeRef {
  let cur = r;
  for (let i = 0; i < 100; i++) {
    cur = followAliases(model, cur);
    if (cur.kind !== "named") return cur;
    const t = findType(model, cur.pkg, cur.name);
    if (!t || t.shape.kind !== "alias") return cur;
    cur = t.shape.target;
  }
  return cur;
}

function samePkg(a: PackageId, b: PackageId): boolean {
  return a.group === b.group && a.version === b.version;
}

/** A type as messages show it: `int32`, `Port[]`, `Record<string, string>`, `v2.Port`. */
function show(r: TypeRef): string {
  switch (r.kind) {
    case "primitive":
      return r.name;
    case "literal":
      return r.values.map((v) => JSON.stringify(v)).join(" | ");
    case "array": {
      const e = show(r.elem);
      return /[ |]/.test(e) ? `(${e})[]` : `${e}[]`;
    }
    case "map":
      return `Record<string, ${show(r.value)}>`;
    case "named":
      return `${r.pkg.version}.${r.name}`;
    case "builtin":
      return r.name;
    case "nullable":
      return `${show(r.inner)} | null`;
    case "unknown":
      return r.spelled;
  }
}
