// The admission chain of one request, in kube-apiserver's plugin order: mutating, the
// MutatingAdmissionPolicies then the mutating webhooks, and when one of them changed the object a
// second pass of both (admission.reinvoker), in which each plugin runs again only its IfNeeded
// invocations that ran before a change; then, validating, the ValidatingAdmissionPolicies before the
// validating webhooks (a policy's denial means no webhook is called). Each step stays synchronous
// (undefined) when nothing applies.
import { Reinvocation, type ChainPass } from "@kube-codegen/apiextensions/on-demand";
import type { Admission, AdmissionAttributes } from "../registry/admission-hooks.js";
import type { KubeObject } from "../registry/controller-client.js";
import type { ServerState, UserInfo } from "../server-state.js";
import { mutatingPoliciesApply, mutatingPolicyLibrary, runMutatingPolicies, type Library } from "./mutating-policy-admission.js";
import { validatePolicies } from "./policy-admission.js";
import { webhookAdmission } from "./webhook-admission.js";

/** The policies' side of a chain: their library and their reinvocation state. */
interface PolicyPass {
  lib: Library;
  pass: Reinvocation;
}

export function requestAdmission(state: ServerState, user: UserInfo): Admission {
  const webhooks = webhookAdmission(state, user);
  // One pass of the mutating plugins (the policies when some may apply, then the webhooks).
  const round = async (a: AdmissionAttributes, policies: PolicyPass | undefined, hooks: Reinvocation): Promise<KubeObject> => {
    let object = a.object as KubeObject;
    if (policies) object = runMutatingPolicies(policies.lib, state, user, a, policies.pass);
    const hooked = webhooks.mutate({ ...a, object }, hooks);
    return hooked ? await hooked : object;
  };
  // The chain after its first pass: a second when a plugin changed the object (admission.reinvoker).
  const secondPass = async (
    a: AdmissionAttributes,
    first: Promise<KubeObject>,
    chain: ChainPass,
    policies: PolicyPass | undefined,
    hooks: Reinvocation,
  ): Promise<KubeObject> => {
    const object = await first;
    if (!chain.shouldReinvoke) return object;
    chain.reinvoking = true;
    return round({ ...a, object }, policies, hooks);
  };
  return {
    mutate(a) {
      const chain: ChainPass = { reinvoking: false, shouldReinvoke: false };
      const hooks = new Reinvocation(chain);
      if (mutatingPoliciesApply(state, a))
        return Promise.resolve(mutatingPolicyLibrary()).then((lib) => {
          const policies = { lib, pass: new Reinvocation(chain) };
          return secondPass(a, round(a, policies, hooks), chain, policies, hooks);
        });
      // Without policies the chain stays synchronous unless a webhook applies.
      const first = webhooks.mutate(a, hooks);
      return first ? secondPass(a, first, chain, undefined, hooks) : undefined;
    },
    validate(a) {
      const policies = validatePolicies(state, user, a);
      return policies ? policies.then(() => webhooks.validate(a)) : webhooks.validate(a);
    },
  };
}
