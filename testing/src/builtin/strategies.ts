// The registry strategies of the built-in resources, by storage key: the one table the write paths'
// per-resource behaviour comes from. A built-in not listed here uses DEFAULT_STRATEGY.
import { CRD_STRATEGY } from "../apiextensions/crd-strategy.js";
import { storageKey, type ResourceInfo } from "../registry/resource-info.js";
import { DEFAULT_STRATEGY, type Strategy } from "../registry/strategy.js";
import { NAMESPACE_STRATEGY } from "./namespace-strategy.js";
import { POD_STRATEGY } from "./pod-strategy.js";
import { allocateForCreate, allocateForUpdate, AllocationError } from "./service-allocation.js";
import { invalidObject } from "../registry/write-common.js";

/** Built-ins whose PUT creates a missing object (AllowCreateOnUpdate in the real strategies). */
const CREATE_ON_UPDATE: Strategy = { ...DEFAULT_STRATEGY, allowCreateOnUpdate: true };

/** Leases: created by a PUT, but an update must name the resourceVersion it replaces (leader election's compare-and-swap). */
const LEASE_STRATEGY: Strategy = { ...CREATE_ON_UPDATE, allowUnconditionalUpdate: false };

/**
 * Services: created by a PUT, given cluster IPs and node ports before validation
 * (service-allocation.ts), and a DELETE answers with the Service (recorded from 1.37.2).
 */
const SERVICE_STRATEGY: Strategy = {
  ...CREATE_ON_UPDATE,
  returnDeletedObject: true,
  beginCreate: (state, info, obj, dryRun) => refusedAsInvalid(info, obj, () => allocateForCreate(state, obj, dryRun)),
  beginUpdate: (state, info, obj, old, dryRun) => refusedAsInvalid(info, obj, () => allocateForUpdate(state, obj, old, dryRun)),
};

/** Runs an allocation, answering its refusal as the 422 of an invalid object. */
function refusedAsInvalid(info: ResourceInfo, obj: { metadata: Record<string, unknown> }, allocate: () => void): void {
  try {
    allocate();
  } catch (e) {
    if (e instanceof AllocationError) throw invalidObject(info, String(obj.metadata["name"] ?? ""), e.causes);
    throw e;
  }
}

const BUILTIN_STRATEGIES: ReadonlyMap<string, Strategy> = new Map([
  ["/pods", POD_STRATEGY],
  ["/namespaces", NAMESPACE_STRATEGY],
  ["/events", CREATE_ON_UPDATE],
  ["events.k8s.io/events", CREATE_ON_UPDATE],
  ["/endpoints", CREATE_ON_UPDATE],
  ["/services", SERVICE_STRATEGY],
  ["coordination.k8s.io/leases", LEASE_STRATEGY],
  ["apiextensions.k8s.io/customresourcedefinitions", CRD_STRATEGY],
]);

/** The strategy of a built-in resource. */
export function builtinStrategy(r: Pick<ResourceInfo, "group" | "resource">): Strategy {
  return BUILTIN_STRATEGIES.get(storageKey(r)) ?? DEFAULT_STRATEGY;
}
