// Event filters, as controller-runtime's predicate package: a predicate decides, per add, update or
// delete, whether the event reaches a controller's queue. A side it does not define lets events through.
import type { KubeObject } from "../client/object-types.js";

/** Which events pass: each function returns false to drop the event; an absent one passes everything. */
export interface Predicate<T = KubeObject> {
  readonly create?: (obj: T) => boolean;
  readonly update?: (oldObj: T, newObj: T) => boolean;
  readonly delete?: (obj: T) => boolean;
}

/** Updates whose resourceVersion changed (drops resyncs), as predicate.ResourceVersionChangedPredicate. */
export const resourceVersionChanged: Predicate = {
  update: (o, n) => o.metadata?.resourceVersion !== n.metadata?.resourceVersion,
};

/**
 * Updates whose metadata.generation changed, as predicate.GenerationChangedPredicate: spec changes of
 * kinds that keep a generation (status-only writes and metadata edits do not move it).
 */
export const generationChanged: Predicate = {
  update: (o, n) => o.metadata?.generation !== n.metadata?.generation,
};

/** Updates whose labels changed, as predicate.LabelChangedPredicate. */
export const labelsChanged: Predicate = {
  update: (o, n) => !sameStringMap(o.metadata?.labels, n.metadata?.labels),
};

/** Updates whose annotations changed, as predicate.AnnotationChangedPredicate. */
export const annotationsChanged: Predicate = {
  update: (o, n) => !sameStringMap(o.metadata?.annotations, n.metadata?.annotations),
};

/** Events every predicate lets through (predicate.And). */
export function allOf<T>(...predicates: Predicate<T>[]): Predicate<T> {
  return {
    create: (obj) => predicates.every((p) => p.create?.(obj) ?? true),
    update: (o, n) => predicates.every((p) => p.update?.(o, n) ?? true),
    delete: (obj) => predicates.every((p) => p.delete?.(obj) ?? true),
  };
}

/** Events some predicate lets through (predicate.Or). */
export function anyOf<T>(...predicates: Predicate<T>[]): Predicate<T> {
  return {
    create: (obj) => predicates.some((p) => p.create?.(obj) ?? true),
    update: (o, n) => predicates.some((p) => p.update?.(o, n) ?? true),
    delete: (obj) => predicates.some((p) => p.delete?.(obj) ?? true),
  };
}

// Equal as maps (key order aside); absent and empty are the same, as reflect.DeepEqual is not but
// the API server is (it drops empty maps).
function sameStringMap(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  const ka = Object.keys(a ?? {});
  if (ka.length !== Object.keys(b ?? {}).length) return false;
  return ka.every((k) => b?.[k] === a?.[k]);
}
