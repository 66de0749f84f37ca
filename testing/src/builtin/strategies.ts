// The registry strategies of the built-in resources, by storage key: the one table the write paths'
// per-resource behaviour comes from. A built-in not listed here uses DEFAULT_STRATEGY.
import { CRD_STRATEGY } from "../apiextensions/crd-strategy.js";
import { storageKey, type ResourceInfo } from "../registry/resource-info.js";
import { DEFAULT_STRATEGY, type Strategy } from "../registry/strategy.js";
import { NAMESPACE_STRATEGY } from "./namespace-strategy.js";
import { POD_STRATEGY } from "./pod-strategy.js";

/** Built-ins whose PUT creates a missing object (AllowCreateOnUpdate in the real strategies). */
const CREATE_ON_UPDATE: Strategy = { ...DEFAULT_STRATEGY, allowCreateOnUpdate: true };

/** Leases: created by a PUT, but an update must name the resourceVersion it replaces (leader election's compare-and-swap). */
const LEASE_STRATEGY: Strategy = { ...CREATE_ON_UPDATE, allowUnconditionalUpdate: false };

const BUILTIN_STRATEGIES: ReadonlyMap<string, Strategy> = new Map([
  ["/pods", POD_STRATEGY],
  ["/namespaces", NAMESPACE_STRATEGY],
  ["/events", CREATE_ON_UPDATE],
  ["events.k8s.io/events", CREATE_ON_UPDATE],
  ["/endpoints", CREATE_ON_UPDATE],
  ["/services", CREATE_ON_UPDATE],
  ["coordination.k8s.io/leases", LEASE_STRATEGY],
  ["apiextensions.k8s.io/customresourcedefinitions", CRD_STRATEGY],
]);

/** The strategy of a built-in resource. */
export function builtinStrategy(r: Pick<ResourceInfo, "group" | "resource">): Strategy {
  return BUILTIN_STRATEGIES.get(storageKey(r)) ?? DEFAULT_STRATEGY;
}
