import type { ApiModel, BuiltinName, FieldModel, PackageId, PackageModel, TypeModel, TypeRef } from "./types.js";

// Lookups and walks are memoised per model (the model is immutable data, so a WeakMap keyed by it
// never goes stale) and written as loops: a 5,000-long alias or `extends` chain costs time in
// proportion to its length, never its square, and never the stack.

const typeIndexes = new WeakMap<ApiModel, Map<string, TypeModel>>();
const packageIndexes = new WeakMap<ApiModel, Map<string, PackageModel>>();

function typeKey(pkg: PackageId, name: string): string {
  return `${pkg.group}\u0000${pkg.version}\u0000${name}`;
}

/** Finds a named type of the model. */
export function findType(model: ApiModel, pkg: PackageId, name: string): TypeModel | undefined {
  let index = typeIndexes.get(model);
  if (!index) {
    index = new Map();
    for (const p of model.packages) {
      for (const t of p.types) {
        const k = typeKey(p.id, t.name);
        if (!index.has(k)) index.set(k, t); // the first declaration wins, as a linear search would find it
      }
    }
    typeIndexes.set(model, index);
  }
  return index.get(typeKey(pkg, name));
}

/** Finds a package of the model by its group and version. */
export function findPackage(model: ApiModel, pkg: PackageId): PackageModel | undefined {
  let index = packageIndexes.get(model);
  if (!index) {
    index = new Map();
    for (const p of model.packages) {
      const k = typeKey(p.id, "");
      if (!index.has(k)) index.set(k, p);
    }
    packageIndexes.set(model, index);
  }
  return index.get(typeKey(pkg, ""));
}

/** What a struct embeds (`extends`), aliases followed to the struct or apimachinery type they name. */
export type ResolvedEmbed =
  { readonly kind: "struct"; readonly type: TypeModel } | { readonly kind: "builtin"; readonly name: BuiltinName };

const aliasEnds = new WeakMap<ApiModel, Map<TypeModel, TypeRef>>();

/**
 * Follows a reference through aliases (`type A = B`) to what it finally names: the last named
 * reference whose type is not an alias of another named type. Cycle-safe; each alias of an
 * acyclic chain is resolved once per model.
 */
export function followAliases(model: ApiModel, r: TypeRef): TypeRef {
  let memo = aliasEnds.get(model);
  if (!memo) aliasEnds.set(model, (memo = new Map<TypeModel, TypeRef>()));
  const visited: TypeModel[] = [];
  const seen = new Set<TypeModel>();
  let cur = r;
  let cyclic = false;
  for (;;) {
    if (cur.kind !== "named") break;
    const t = findType(model, cur.pkg, cur.name);
    if (!t || t.shape.kind !== "alias") break;
    const known = memo.get(t);
    if (known) {
      cur = known;
      break;
    }
    if (seen.has(t)) {
      cyclic = true; // reported by checkModel; the answer depends on where the walk entered, so keep none
      break;
    }
    seen.add(t);
    visited.push(t);
    const target = t.shape.target;
    if (target.kind !== "named") break;
    cur = target;
  }
  if (!cyclic) for (const t of visited) memo.set(t, cur);
  return cur;
}

/** The embeds of a struct, each resolved through aliases; embeds that name no struct are left out (the model reports them). */
export function resolvedEmbeds(model: ApiModel, t: TypeModel): ResolvedEmbed[] {
  if (t.shape.kind !== "struct") return [];
  const out: ResolvedEmbed[] = [];
  for (const e of t.shape.embeds) {
    const r = followAliases(model, e);
    if (r.kind === "builtin") out.push({ kind: "builtin", name: r.name });
    else if (r.kind === "named") {
      const et = findType(model, r.pkg, r.name);
      if (et && et.shape.kind === "struct") out.push({ kind: "struct", type: et });
    }
  }
  return out;
}

/** A field and the type that declares it (an embedded type's fields are inlined into the embedder). */
export interface OwnedField {
  readonly field: FieldModel;
  readonly owner: TypeModel;
}

/** A struct flattened the way Go's `json:",inline"` flattens embedded structs. */
export interface FlatStruct {
  /** Own fields and inlined fields, embedded ones first, later names replacing earlier ones. */
  readonly fields: readonly OwnedField[];
  /** apimachinery types embedded anywhere in the chain (TypeMeta, Condition, ...), in order. */
  readonly builtins: readonly BuiltinName[];
  /** Embedded structs not inlined because `stopAt` said so (e.g. types with hand-written copies). */
  readonly opaque: readonly TypeModel[];
}

const noStop = (): boolean => false;
type FlatMemo = Map<TypeModel, FlatStruct>;
const flatMemos = new WeakMap<ApiModel, WeakMap<(t: TypeModel) => boolean, WeakMap<(f: FieldModel) => boolean, FlatMemo>>>();
const emptyFlat: FlatStruct = { fields: [], builtins: [], opaque: [] };

/** A struct being flattened: its embeds in order, and what they and its own fields have put so far. */
interface FlatFrame {
  readonly type: TypeModel;
  readonly embeds: readonly ResolvedEmbed[];
  next: number;
  /** By name; later names replace earlier ones and move to the end (delete, then set). */
  fields: Map<string, OwnedField>;
  readonly builtins: BuiltinName[];
  readonly opaque: TypeModel[];
}

/**
 * Flattens a struct: embedded structs' fields are inlined (cycle-safe), embedded apimachinery
 * types are listed for the caller to expand its own way (schema properties, runtime copies), and
 * embeds for which `stopAt` returns true are listed whole. By an explicit stack, not recursion.
 *
 * Without `keep`, one call walks the struct's embeds once, each embed's field map taken over by
 * its embedder, so a 5,000-long `extends` chain costs its length. With `keep`, only the fields it
 * accepts are listed (a field it refuses still replaces an inherited one of its name) and every
 * struct's result is memoised per model, `stopAt` and `keep` (pass the same functions to share
 * the work): for callers that flatten every struct but need few of their fields, which would
 * otherwise pay for each struct of a chain its whole inheritance, the chain's square. Results may
 * be shared: do not change them.
 */
export function flattenStruct(
  model: ApiModel,
  t: TypeModel,
  stopAt: (t: TypeModel) => boolean = noStop,
  keep?: (f: FieldModel) => boolean,
): FlatStruct {
  if (t.shape.kind !== "struct") return emptyFlat;
  const memo = keep && memoFor(model, stopAt, keep);
  const done = memo?.get(t);
  if (done) return done;
  const open = (x: TypeModel): FlatFrame => ({
    type: x,
    embeds: resolvedEmbeds(model, x),
    next: 0,
    fields: new Map(),
    builtins: [],
    opaque: [],
  });
  // A struct already on the path (a cycle, which checkModel reports) contributes nothing, as it
  // would have to a recursive walk.
  const onPath = new Set<TypeModel>([t]);
  const stack: FlatFrame[] = [open(t)];
  for (;;) {
    const top = stack[stack.length - 1]!;
    const e = top.embeds[top.next++];
    if (e) {
      if (e.kind === "builtin") addBuiltins(top.builtins, [e.name]);
      else if (stopAt(e.type)) top.opaque.push(e.type);
      else if (onPath.has(e.type)) continue;
      else {
        const known = memo?.get(e.type);
        if (known) mergeFlat(top, known.fields, known);
        else {
          onPath.add(e.type);
          stack.push(open(e.type));
        }
      }
      continue;
    }
    if (top.type.shape.kind === "struct") {
      for (const f of top.type.shape.fields) {
        top.fields.delete(f.name);
        if (!keep || keep(f)) top.fields.set(f.name, { field: f, owner: top.type });
      }
    }
    stack.pop();
    onPath.delete(top.type);
    const parent = stack[stack.length - 1];
    const flat = memo || !parent ? { fields: [...top.fields.values()], builtins: top.builtins, opaque: top.opaque } : undefined;
    if (flat) memo?.set(top.type, flat);
    if (!parent) return flat!;
    if (parent.fields.size === 0 && !memo)
      parent.fields = top.fields; // the common single-embed chain: take the map over
    else mergeFlat(parent, top.fields.values(), undefined);
    addBuiltins(parent.builtins, top.builtins);
    parent.opaque.push(...top.opaque);
  }
}

function memoFor(model: ApiModel, stopAt: (t: TypeModel) => boolean, keep: (f: FieldModel) => boolean): FlatMemo {
  let byStop = flatMemos.get(model);
  if (!byStop) flatMemos.set(model, (byStop = new WeakMap()));
  let byKeep = byStop.get(stopAt);
  if (!byKeep) byStop.set(stopAt, (byKeep = new WeakMap()));
  let memo = byKeep.get(keep);
  if (!memo) byKeep.set(keep, (memo = new Map<TypeModel, FlatStruct>()));
  return memo;
}

/** Puts an embed's fields into its embedder (and, for a memoised embed, its builtins and opaque embeds). */
function mergeFlat(into: FlatFrame, fields: Iterable<OwnedField>, whole: FlatStruct | undefined): void {
  for (const of of fields) {
    into.fields.delete(of.field.name);
    into.fields.set(of.field.name, of);
  }
  if (whole) {
    addBuiltins(into.builtins, whole.builtins);
    into.opaque.push(...whole.opaque);
  }
}

function addBuiltins(into: BuiltinName[], names: readonly BuiltinName[]): void {
  for (const b of names) if (!into.includes(b)) into.push(b);
}
