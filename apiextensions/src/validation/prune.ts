// Pruning of unknown fields as the server does on decode (structuralpruning): fields the schema does not
// declare are removed unless x-kubernetes-preserve-unknown-fields keeps them; the resource root and embedded
// resources keep apiVersion, kind and metadata, and metadata keeps only ObjectMeta's fields.
import { OBJECT_META_FIELDS } from "./object-meta.js";
import { isObject, type SchemaNode } from "./schema-node.js";

/** Prunes `obj` (the whole resource) in place; returns the pruned paths, sorted. */
export function pruneResource(root: SchemaNode, obj: Record<string, unknown>): string[] {
  const pruned: string[] = [];
  pruneObject(obj, root, "", true, pruned);
  return pruned.sort();
}

function join(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

function pruneValue(x: unknown, s: SchemaNode | undefined, path: string, pruned: string[]): void {
  if (Array.isArray(x)) {
    x.forEach((v, i) => pruneValue(v, s?.items, `${path}[${i}]`, pruned));
  } else if (isObject(x)) {
    pruneObject(x, s, path, false, pruned);
  }
}

function pruneObject(x: Record<string, unknown>, s: SchemaNode | undefined, path: string, isRoot: boolean, pruned: string[]): void {
  const resourceLike = isRoot || (s?.embedded ?? false);
  for (const k of Object.keys(x)) {
    const v = x[k];
    const here = join(path, k);
    if (resourceLike && (k === "apiVersion" || k === "kind")) continue;
    if (resourceLike && k === "metadata") {
      if (isObject(v)) pruneMetadata(v, here, pruned);
      continue;
    }
    const prop = s?.properties?.get(k);
    if (prop) pruneValue(v, prop, here, pruned);
    else if (typeof s?.additional === "object") pruneValue(v, s.additional, here, pruned);
    else if (s?.preserveUnknown || s?.additional === true) continue;
    else {
      delete x[k];
      pruned.push(here);
    }
  }
}

function pruneMetadata(meta: Record<string, unknown>, path: string, pruned: string[]): void {
  for (const k of Object.keys(meta)) {
    if (!OBJECT_META_FIELDS.has(k)) {
      delete meta[k];
      pruned.push(join(path, k));
    }
  }
}
