import { findType, type ApiModel, type BuiltinName, type TypeModel, type TypeRef } from "../../model/index.js";

/** Builtins that are immutable values (strings or numbers): copied by assignment. */
const scalarBuiltins = new Set<BuiltinName>(["Time", "MicroTime", "Duration", "Quantity", "IntOrString"]);

/** What copying a reference needs from its surroundings. */
export interface CopyEnv {
  /** The function that copies a named type (imports it as a side effect). */
  named(name: string, pkg: { group: string; version: string }): string;
  /** A runtime helper's local name (imports it as a side effect). */
  runtime(name: string): string;
  /** Copies opaque data as JSON; returns undefined when the field did not opt in (the caller reports it). */
  unknown(): string | undefined;
  /** The model, to see through aliases of scalars (`type Phase = "A" | "B"`). */
  readonly model: ApiModel;
}

const scalarAliases = new WeakMap<ApiModel, Map<TypeModel, boolean>>();

/**
 * True when values of this type need no copying (immutable scalars), aliases of scalars included:
 * their copy is the value itself, so they never need a copy function, generated or hand-written.
 * A loop over the alias chain, each alias answered once per model.
 */
export function isScalar(r: TypeRef, model?: ApiModel): boolean {
  let memo = model && scalarAliases.get(model);
  if (model && !memo) scalarAliases.set(model, (memo = new Map<TypeModel, boolean>()));
  const visited = new Set<TypeModel>();
  let cur = r;
  let result: boolean;
  for (;;) {
    if (cur.kind === "primitive" || cur.kind === "literal") result = true;
    else if (cur.kind === "builtin") result = scalarBuiltins.has(cur.name);
    else if (cur.kind === "nullable") {
      cur = cur.inner;
      continue;
    } else if (cur.kind === "named") {
      const t = model && findType(model, cur.pkg, cur.name);
      const known = t && memo?.get(t);
      if (known !== undefined) result = known;
      else if (!t || t.shape.kind !== "alias" || visited.has(t)) result = false;
      else {
        visited.add(t);
        cur = t.shape.target;
        continue;
      }
    } else result = false;
    break;
  }
  for (const t of visited) memo?.set(t, result);
  return result;
}

/**
 * The expression that copies `expr` of type `r`. Straight-line per type: arrays of scalars are
 * sliced, maps of scalars copied key by key, nested types call their own copy function, and
 * `null` stays `null`.
 */
export function copyExpr(r: TypeRef, expr: string, env: CopyEnv, depth = 0): string | undefined {
  if (isScalar(r, env.model)) return expr;
  switch (r.kind) {
    case "nullable": {
      const inner = copyExpr(r.inner, expr, env, depth);
      return inner && `(${expr} === null ? null : ${inner})`;
    }
    case "array": {
      if (isScalar(r.elem, env.model)) return `${expr}.slice()`;
      const v = `e${depth}`;
      const inner = copyExpr(r.elem, v, env, depth + 1);
      return inner && `${expr}.map((${v}) => ${inner})`;
    }
    case "map": {
      if (isScalar(r.value, env.model)) return `${env.runtime("deepCopyStringMap")}(${expr})`;
      const v = `v${depth}`;
      const inner = copyExpr(r.value, v, env, depth + 1);
      return inner && `${env.runtime("deepCopyMap")}(${expr}, (${v}) => ${inner})`;
    }
    case "named":
      return `${env.named(r.name, r.pkg)}(${expr})`;
    case "builtin":
      return `${env.runtime(`deepCopy${r.name}`)}(${expr})`;
    case "unknown": {
      const fn = env.unknown();
      return fn && `${fn}(${expr})`;
    }
    default:
      return expr;
  }
}
