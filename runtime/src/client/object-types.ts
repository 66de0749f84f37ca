// The object shapes a ResourceClient works with when only their metadata matters to it.
import type { ListMeta, ObjectMeta } from "../core/apimachinery.js";

/** Any persisted object. */
export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
}

/** A list of T, as LIST answers. */
export interface ObjectList<T> {
  apiVersion?: string;
  kind?: string;
  metadata?: ListMeta;
  items: T[];
}
