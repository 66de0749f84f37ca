// Where kube-apiserver 1.37 checks a built-in's metadata differently from the other built-ins (and from
// 1.24): recorded in test/fixtures/validation-1.37. Everything not listed keeps the resource's own rules.
import type { NameRule } from "@kube-codegen/apiextensions/on-demand";
import { storageKey, type ResourceInfo } from "../registry/resource-info.js";
import type { Emulate } from "../server-state.js";

/** The per-kind inputs of the metadata checks. */
export interface MetaRules {
  nameRule: NameRule;
  /** pkg/apis/core's rule that an unqualified finalizer must be a standard one. */
  coreFinalizerRule: boolean;
}

const RULES_1_37: ReadonlyMap<string, Partial<MetaRules>> = new Map<string, Partial<MetaRules>>([
  // Service names are RFC 1123 labels in 1.37 ("1abc" is accepted). 1.24's DNS-1035 rule is not modelled.
  ["/services", { nameRule: "label" }],
  // core/v1 Events go through apimachinery's generic ValidateObjectMeta: any path segment is a name
  // ("Bad_Name" is accepted) and core's finalizer rule does not apply. events.k8s.io/v1 keeps both.
  ["/events", { nameRule: "path-segment", coreFinalizerRule: false }],
  // Leases too are checked by the generic ObjectMeta validation, without core's finalizer rule.
  ["coordination.k8s.io/leases", { coreFinalizerRule: false }],
]);

/** The metadata rules of `info` as the emulated server applies them. */
export function metaRules(info: ResourceInfo, emulate: Emulate): MetaRules {
  const own: MetaRules = { nameRule: info.nameRule, coreFinalizerRule: !info.custom };
  return emulate === "1.37" ? { ...own, ...RULES_1_37.get(storageKey(info)) } : own;
}
