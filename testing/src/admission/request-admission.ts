// The admission chain of one request, in kube-apiserver's plugin order: the mutating webhooks; then,
// validating, the ValidatingAdmissionPolicies before the validating webhooks (a policy's denial means
// no webhook is called). Each step stays synchronous (undefined) when nothing applies to the write.
import type { Admission } from "../registry/admission-hooks.js";
import type { ServerState, UserInfo } from "../server-state.js";
import { validatePolicies } from "./policy-admission.js";
import { webhookAdmission } from "./webhook-admission.js";

export function requestAdmission(state: ServerState, user: UserInfo): Admission {
  const webhooks = webhookAdmission(state, user);
  return {
    mutate: (a) => webhooks.mutate(a),
    validate(a) {
      const policies = validatePolicies(state, user, a);
      return policies ? policies.then(() => webhooks.validate(a)) : webhooks.validate(a);
    },
  };
}
