// MutatingAdmissionPolicy in the test server, as kube-apiserver's MutatingAdmissionPolicy plugin runs
// it: first in the mutating phase, before the mutating webhooks, with the stored policies, bindings and
// params; an ApplyConfiguration merged into the object by the resource's schema (the type information
// server-side apply uses: 1.37.2's definitions, the only release that serves these policies), the object defaulted after each mutation, a JSON-patched
// built-in decoded as the server decodes it. The admission chain's second pass (reinvocation) is the
// caller's (request-admission.ts). The evaluation is @kube-codegen/apiextensions/admission-policy's,
// loaded on demand like the validating policies'.
import { admissionPolicy } from "@kube-codegen/apiextensions/on-demand";
import type { MutateOptions } from "@kube-codegen/apiextensions/admission-policy";
import type { Reinvocation } from "@kube-codegen/apiextensions/on-demand";
import { builtinDecodeError } from "../builtin/decode.js";
import type { JsonObject } from "../patch/json.js";
import type { TypeInfo } from "../patch/type-info.js";
import { typedMerge } from "../patch/typed-walk.js";
import { atomicPaths, typedValidationError } from "../patch/typed-validate.js";
import type { AdmissionAttributes } from "../registry/admission-hooks.js";
import { listStoredOf } from "../registry/controller-client.js";
import type { KubeObject } from "../registry/controller-client.js";
import { patchSchemaFor } from "../registry/patch-schema.js";
import { groupVersion, type ResourceInfo } from "../registry/resource-info.js";
import { pruneUndeclaredFields } from "../builtin/unknown-fields.js";
import { applyDefaults, clone } from "../registry/write-common.js";
import type { ServerState, UserInfo } from "../server-state.js";
import { ApiError } from "../status-errors.js";
import { admitOptions, isPolicyConfiguration, type Library } from "./policy-admission.js";

export type { Library };

type Obj = Record<string, unknown>;

const GROUP = "admissionregistration.k8s.io";
const POLICIES = `${GROUP}/mutatingadmissionpolicies`;
const BINDINGS = `${GROUP}/mutatingadmissionpolicybindings`;

/** Whether any MutatingAdmissionPolicy can apply to `a` (a create or update of anything but a policy or binding). */
export function mutatingPoliciesApply(state: ServerState, a: AdmissionAttributes): boolean {
  if (a.operation === "DELETE" || !a.object || isPolicyConfiguration(a.info)) return false;
  return listStoredOf(state, POLICIES).length > 0 && listStoredOf(state, BINDINGS).length > 0;
}

/** The library, loaded (with CEL) the first time a mutating policy applies. */
export function mutatingPolicyLibrary(): Library | Promise<Library> {
  return admissionPolicy.loaded() ? admissionPolicy.get() : admissionPolicy.load();
}

/** structured-merge-diff's ApplyStructuredMergeDiff over `type`: validate the patch, refuse atomic fields, merge. */
function applyConfiguration(type: TypeInfo): MutateOptions["applyConfiguration"] {
  return (object, patch) => {
    const invalid = typedValidationError(patch as JsonObject, type);
    if (invalid !== undefined) return { error: `failed to convert patch object to typed object: ${invalid}` };
    const atomics = atomicPaths(patch as JsonObject, type);
    if (atomics.length > 0)
      return { error: `invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: ${atomics.join(", ")}` };
    return { object: typedMerge(object as JsonObject, patch as JsonObject, type) as Obj };
  };
}

/**
 * The server's strict decoding of a JSON-patched built-in (patch.jsonPatcher): a value of the wrong
 * type, then fields the kind does not declare ("strict decoding error: unknown field …").
 */
function strictDecodeError(info: ResourceInfo, o: Obj): string | undefined {
  const typed = builtinDecodeError(groupVersion(info), info.kind, o, info.schemaRelease);
  if (typed !== undefined) return typed;
  // In the order of the patched document, whose keys the JSON Patch library writes sorted.
  const unknown = pruneUndeclaredFields(patchSchemaFor(info).type, clone(o)).sort();
  return unknown.length > 0 ? `strict decoding error: ${unknown.map((f) => `unknown field ${JSON.stringify(f)}`).join(", ")}` : undefined;
}

/** One pass of the policies over `a` (the object as the chain has it so far): the object they leave, or their refusal thrown. */
export function runMutatingPolicies(
  lib: Library,
  state: ServerState,
  user: UserInfo,
  a: AdmissionAttributes,
  pass: Reinvocation,
): KubeObject {
  const info = a.info;
  const options: MutateOptions = {
    ...admitOptions(state, a, user),
    // The schema server-side apply merges by: a custom resource's, a built-in's as the emulated
    // release defines it (a kind outside the table merges untyped, unchecked).
    applyConfiguration: applyConfiguration(patchSchemaFor(info).type),
    ...(info.custom ? {} : { decodeError: (o: Obj) => strictDecodeError(info, o) }),
    defaulted: (o) => {
      const copy = clone(o) as KubeObject;
      applyDefaults(info, copy);
      return copy;
    },
  };
  const result = lib.mutate(listStoredOf(state, POLICIES), listStoredOf(state, BINDINGS), options, pass);
  const s = result.status;
  if (s) throw new ApiError(s.code, s.reason, s.message, "name" in s.details ? { ...s.details, group: s.details.group ?? "" } : s.details);
  return (result.object ?? a.object) as KubeObject;
}
