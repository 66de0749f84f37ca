// The admission chain of one request, in kube-apiserver's plugin order: mutating, the
// MutatingAdmissionPolicies then the mutating webhooks, and a second pass of the policies when one
// asks for it (reinvocation: a policy or webhook changed the object after an IfNeeded policy ran);
// then, validating, the ValidatingAdmissionPolicies before the validating webhooks (a policy's
// denial means no webhook is called). Each step stays synchronous (undefined) when nothing applies.
// The webhooks' own reinvocation stays within their step (webhook-admission.ts).
import type { Admission, AdmissionAttributes } from "../registry/admission-hooks.js";
import type { KubeObject } from "../registry/controller-client.js";
import type { ServerState, UserInfo } from "../server-state.js";
import { mutatingPoliciesApply, mutatingPolicyLibrary, runMutatingPolicies } from "./mutating-policy-admission.js";
import { validatePolicies } from "./policy-admission.js";
import { webhookAdmission } from "./webhook-admission.js";

export function requestAdmission(state: ServerState, user: UserInfo): Admission {
  const webhooks = webhookAdmission(state, user);
  const mutate = async (a: AdmissionAttributes): Promise<KubeObject> => {
    const lib = await mutatingPolicyLibrary();
    const pass = new lib.MutationReinvocation();
    let object = runMutatingPolicies(lib, state, user, a, pass);
    const hooked = webhooks.mutate({ ...a, object });
    if (hooked) {
      const after = await hooked;
      if (JSON.stringify(after) !== JSON.stringify(object)) pass.shouldReinvoke = true;
      object = after;
    }
    if (!pass.shouldReinvoke) return object;
    pass.reinvoking = true;
    return runMutatingPolicies(lib, state, user, { ...a, object }, pass);
  };
  return {
    mutate: (a) => (mutatingPoliciesApply(state, a) ? mutate(a) : webhooks.mutate(a)),
    validate(a) {
      const policies = validatePolicies(state, user, a);
      return policies ? policies.then(() => webhooks.validate(a)) : webhooks.validate(a);
    },
  };
}
