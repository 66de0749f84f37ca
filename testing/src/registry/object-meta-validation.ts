// The test server's entry to the object metadata checks the real server runs before any schema validation
// (ValidateObjectMeta). The checks live in the validation stage, shared with `kube-codegen validate`; this
// file only adapts them to the server's call sites and StatusCause shape.
import { validateObjectMeta as validateMeta, type MetaInput, type NameRule } from "@kube-codegen/apiextensions/on-demand";
import type { Emulate } from "../server-state.js";
import type { StatusCause } from "../status-errors.js";

export { validateObjectMetaUpdate, type MetaInput, type NameRule } from "@kube-codegen/apiextensions/on-demand";

/** Causes for invalid metadata on create or update (names, namespace, labels, annotations, owner references,
 *  finalizers). Core's finalizer-name rule (a domain-qualified name) applies to built-in kinds only: 1.24
 *  servers accept `cleanup` as a custom resource's finalizer, as `kube-codegen validate` does. */
export function validateObjectMeta(
  meta: MetaInput,
  rule: NameRule,
  namespaced: boolean,
  builtin: boolean,
  emulate: Emulate = "1.24",
): StatusCause[] {
  return validateMeta(meta, { nameRule: rule, namespaced, builtinFinalizerRule: builtin, wording: emulate });
}
