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

/** What apply sends: a deep partial of T with apiVersion, kind and metadata.name required. */
export type ApplyConfiguration<T> = DeepPartial<Omit<T, "apiVersion" | "kind" | "metadata">> & {
  apiVersion: string;
  kind: string;
  metadata: DeepPartial<ObjectMeta> & { name: string };
};

/** Every field optional, all the way down (arrays hold partial elements). */
export type DeepPartial<T> = T extends readonly (infer E)[]
  ? DeepPartial<E>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;
