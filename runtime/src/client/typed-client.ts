// TypedClient: the generic half of a generated typed client, as client-go's gentype.ClientWithList.
// A generated kind file only binds its types, its resource and the verbs its +genclient markers
// allow; the methods themselves are ResourceClient's, picked by verb here, so a skipped verb is
// missing both from the type and from the object at run time.
import type { RestConfig } from "../rest/rest-config.js";
import type { Transport } from "../rest/transport.js";
import type { AppliedObject, ApplyConfiguration } from "./apply-configuration.js";
import type { KubeObject, ObjectList } from "./object-types.js";
import { ResourceClient } from "./resource-client.js";
import type { ResourceDescription } from "./resource.js";

/** The methods each client-go verb gives a typed client: `list` brings the pagers with it. */
const VERB_METHODS = {
  create: ["create"],
  update: ["update"],
  updateStatus: ["updateStatus"],
  delete: ["delete"],
  deleteCollection: ["deleteCollection"],
  get: ["get"],
  list: ["list", "listAll", "listAllItems"],
  watch: ["watch", "watchBatches"],
  patch: ["patch"],
  apply: ["apply"],
  applyStatus: ["applyStatus"],
} as const satisfies Record<string, readonly (keyof ResourceClient<KubeObject>)[]>;

/** A client-go verb, as `+genclient` markers name them. */
export type ClientVerb = keyof typeof VERB_METHODS;

/** The ResourceClient methods of the verbs V. */
export type VerbMethod<V extends ClientVerb> = (typeof VERB_METHODS)[V][number];

/** A typed client of T (listed as L, applied as A) with only the methods of the verbs V. */
export type TypedClient<
  T extends KubeObject,
  L extends ObjectList<T>,
  V extends ClientVerb,
  A extends AppliedObject = ApplyConfiguration<T>,
> = Pick<ResourceClient<T, L, A>, VerbMethod<V>>;

/** The methods of `verbs`, bound to `client`: nothing else is on the object. */
export function bindVerbs<
  T extends KubeObject,
  L extends ObjectList<T>,
  V extends ClientVerb,
  A extends AppliedObject = ApplyConfiguration<T>,
>(client: ResourceClient<T, L, A>, verbs: readonly V[]): TypedClient<T, L, V, A> {
  const out: Partial<Record<VerbMethod<ClientVerb>, unknown>> = {};
  for (const verb of verbs) {
    const methods: readonly VerbMethod<ClientVerb>[] = VERB_METHODS[verb];
    for (const m of methods) out[m] = client[m].bind(client);
  }
  return out as TypedClient<T, L, V, A>;
}

/** A typed client of `resource` with the methods of `verbs`, in `namespace` (all namespaces when left out). */
export function typedClient<
  T extends KubeObject,
  L extends ObjectList<T>,
  V extends ClientVerb,
  A extends AppliedObject = ApplyConfiguration<T>,
>(transport: Transport | RestConfig, resource: ResourceDescription, verbs: readonly V[], namespace?: string): TypedClient<T, L, V, A> {
  return bindVerbs(new ResourceClient<T, L, A>(transport, resource, namespace), verbs);
}
