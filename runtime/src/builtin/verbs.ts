// The verb sets of the built-in kinds' typed clients, as client-go's generated clients for k8s.io/api
// have them: every verb, without the status verbs for kinds that have no status (ConfigMap, Secret,
// Event, Lease), and the scale subresource on the kinds that serve one.
import type { ApplyConfiguration } from "../client/apply-configuration.js";
import type { KubeObject, ObjectList } from "../client/object-types.js";
import { ResourceClient } from "../client/resource-client.js";
import type { ResourceDescription } from "../client/resource.js";
import { bindVerbs } from "../client/typed-client.js";
import type { TypedClient } from "../client/typed-client.js";
import type { Transport } from "../rest/transport.js";

/** Every verb: the kinds with a status subresource. */
export const STATUS_KIND_VERBS = [
  "create",
  "update",
  "updateStatus",
  "delete",
  "deleteCollection",
  "get",
  "list",
  "watch",
  "patch",
  "apply",
  "applyStatus",
] as const;

/** Every verb but the status ones: the kinds without a status. */
export const PLAIN_KIND_VERBS = STATUS_KIND_VERBS.filter(
  (v): v is Exclude<(typeof STATUS_KIND_VERBS)[number], "updateStatus" | "applyStatus"> => v !== "updateStatus" && v !== "applyStatus",
);

/** The typed client of a built-in kind with a status (Pod, Deployment, ...). */
export type BuiltinClient<T extends KubeObject, L extends ObjectList<T>> = TypedClient<T, L, (typeof STATUS_KIND_VERBS)[number]>;

/** The typed client of a built-in kind without a status (ConfigMap, Secret, Event, Lease). */
export type BuiltinClientWithoutStatus<T extends KubeObject, L extends ObjectList<T>> = TypedClient<
  T,
  L,
  (typeof PLAIN_KIND_VERBS)[number]
>;

/** The typed client of a built-in kind with a scale subresource (Deployment, ReplicaSet, StatefulSet). */
export type ScalableClient<T extends KubeObject, L extends ObjectList<T>> = BuiltinClient<T, L> &
  Pick<ResourceClient<T, L, ApplyConfiguration<T>>, "getScale" | "updateScale">;

/** A BuiltinClient of `resource`. */
export function builtinClient<T extends KubeObject, L extends ObjectList<T>>(
  transport: Transport,
  resource: ResourceDescription,
  namespace?: string,
): BuiltinClient<T, L> {
  return bindVerbs(new ResourceClient<T, L>(transport, resource, namespace), STATUS_KIND_VERBS);
}

/** A BuiltinClientWithoutStatus of `resource`. */
export function builtinClientWithoutStatus<T extends KubeObject, L extends ObjectList<T>>(
  transport: Transport,
  resource: ResourceDescription,
  namespace?: string,
): BuiltinClientWithoutStatus<T, L> {
  return bindVerbs(new ResourceClient<T, L>(transport, resource, namespace), PLAIN_KIND_VERBS);
}

/** A ScalableClient of `resource`. */
export function scalableClient<T extends KubeObject, L extends ObjectList<T>>(
  transport: Transport,
  resource: ResourceDescription,
  namespace?: string,
): ScalableClient<T, L> {
  const client = new ResourceClient<T, L>(transport, resource, namespace);
  return { ...bindVerbs(client, STATUS_KIND_VERBS), getScale: client.getScale.bind(client), updateScale: client.updateScale.bind(client) };
}
