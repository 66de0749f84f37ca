// Typed apply configurations: what server-side apply sends, as client-go's applyconfigurations are
// for Go. There a generated builder per type makes every field optional (a pointer) so that only the
// fields the caller sets are sent, and owned; here one generic type does the same over the kind's
// own interface, and a generated kind file only names it with the kind's apiVersion and kind.
import type { ObjectMeta } from "../core/apimachinery.js";

/** Fields whose value is a primitive (not an object, not an array). */
type ScalarKeys<T> = { [K in keyof T]-?: NonNullable<T[K]> extends object ? never : K }[keyof T];

/** The keys T requires (no `?`). */
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/**
 * An element of a list in an apply configuration: deep partial, except that the scalar fields the
 * element type requires stay required. Those are the keys of a `+listType=map` list (Kubernetes
 * requires a map key to be required or defaulted, e.g. a container's `name`, a port's
 * `containerPort`), without which the server cannot tell which element a partial entry merges into;
 * an atomic list is replaced whole, so its elements' required scalars are wanted there too.
 */
export type ApplyListElement<E> = E extends object
  ? { [K in keyof E & RequiredKeys<E> & ScalarKeys<E>]: E[K] } & {
      [K in Exclude<keyof E, RequiredKeys<E> & ScalarKeys<E>>]?: DeepPartial<E[K]>;
    }
  : E;

/** Every field optional, all the way down; list elements keep their required scalar fields (ApplyListElement). */
export type DeepPartial<T> = T extends readonly (infer E)[]
  ? ApplyListElement<E>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

/** The metadata of an apply configuration: name required, namespace when the kind has one, the rest optional. */
export type ApplyMetadata = DeepPartial<Omit<ObjectMeta, "name">> & { name: string };

/** T's apiVersion as its type declares it: a literal for the built-in kinds (kubernetes-types), else string. */
export type ApiVersionOf<T> = T extends { apiVersion?: infer V } ? (string extends V ? string : Extract<V, string>) : string;

/** T's kind as its type declares it. */
export type KindOf<T> = T extends { kind?: infer K } ? (string extends K ? string : Extract<K, string>) : string;

/**
 * What apply sends for a T: a deep partial of T with apiVersion, kind (literals when known) and
 * metadata.name required. Only the fields set are sent, so only those become the field manager's.
 */
export type ApplyConfiguration<T, V extends string = ApiVersionOf<T>, K extends string = KindOf<T>> = DeepPartial<
  Omit<T, "apiVersion" | "kind" | "metadata">
> & {
  apiVersion: V;
  kind: K;
  metadata: ApplyMetadata;
};

/** The least apply configuration of an object: its apiVersion, kind, name and (for a namespaced kind) namespace. */
export function applyConfiguration<V extends string, K extends string>(
  apiVersion: V,
  kind: K,
  name: string,
  namespace?: string,
): { apiVersion: V; kind: K; metadata: { name: string; namespace?: string } } {
  return { apiVersion, kind, metadata: namespace === undefined ? { name } : { name, namespace } };
}

/** What any apply configuration has: the object's identity. ResourceClient's apply takes any such A. */
export interface AppliedObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
}
